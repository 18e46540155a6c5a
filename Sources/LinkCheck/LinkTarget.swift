/// Where a link leads.
public enum LinkTarget: Sendable, Hashable {
    /// A file or folder of the site: its path in the site, percent-escapes decoded, "" for the
    /// site's own folder and ending in `/` for another folder; and the fragment, decoded.
    case site(path: String, fragment: String?)
    /// Another site's URL, without its fragment.
    case external(String)
    /// Nothing to check: `mailto:`, `tel:`, `javascript:`, `data:` and the like, or an empty link.
    case none
}
