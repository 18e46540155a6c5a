import BakeKit

/// What a feed says of its site: its name, home page and so on, and which of its entries' URLs are the site's own.
struct FeedSite: Sendable {
    /// The site's home page as the feed gives it, absolute; "" for none.
    let link: String
    let settings: ImportedSite

    /// The root-relative path a link of the feed had on the site, without the site's own path,
    /// as `@aliases` holds it; nil for a link to another site or to the home page. A query
    /// (a feed's `?source=rss`) and a fragment are dropped: a static site serves the page without them.
    func oldPath(of link: String) -> String? {
        let trimmed = link.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        let home = URLReference(self.link.trimmingCharacters(in: .whitespacesAndNewlines))
        var reference = URLReference(trimmed)
        if reference.scheme == nil { reference = reference.resolved(against: home) }
        guard reference.scheme?.lowercased() == "http" || reference.scheme?.lowercased() == "https",
              let host = reference.host, let homeHost = home.host, Self.sameHost(String(host), String(homeHost))
        else { return nil }
        let bare = URLReference(scheme: reference.scheme, authority: reference.authority, path: reference.path)
        return OldURL.path(bare.text, base: String(home.path))
    }
}

private extension FeedSite {
    /// Whether two hosts are one site: `www.example.com` and `example.com` are.
    static func sameHost(_ one: String, _ other: String) -> Bool {
        func bare(_ host: String) -> String {
            let host = host.lowercased()
            return host.hasPrefix("www.") ? String(host.dropFirst(4)) : host
        }
        return bare(one) == bare(other)
    }
}
