/// What a link leads to, which decides what a missing target is called and whether its
/// fragment is checked.
public enum LinkKind: Sendable, Hashable {
    /// A page a reader goes to: `<a>`, `<area>`, `<iframe>`, a `<link>` such as canonical, a
    /// feed item's link.
    case page
    /// A page's redirect: `<meta http-equiv="refresh">`.
    case redirect
    /// A file the page loads or offers: an image, a stylesheet, a script, media, an enclosure.
    case file
}
