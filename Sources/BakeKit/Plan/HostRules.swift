/// The rule files a static host reads from the site's top folder (`@host_rules`): Netlify's
/// and Cloudflare Pages' `_redirects` (each old URL of `@aliases` as a 301 to its post or
/// page) and `_headers` (the cache rule of the site's media, as `ContentType` sets it for
/// object storage). Vercel reads neither; it takes a `vercel.json`, which bake does not write.
///
/// ```
/// # _redirects, written by bake for Netlify
/// /2009/03/old-slug/  /2009/03/31/new-slug.html  301!
/// ```
public enum HostRules: String, Sendable, Hashable, CaseIterable, Encodable {
    case netlify, cloudflare

    /// The two files, by path in the site.
    public static let redirectsFile = "_redirects"
    public static let headersFile = "_headers"

    /// The text of `_redirects`: one line per old URL, to `path` of its target. Netlify
    /// serves a file that exists before a redirect unless it is forced (`301!`); bake writes
    /// an alias page at each old URL too, for every other host, so its redirects are forced.
    /// Cloudflare Pages applies its redirects before its files.
    func redirects(_ redirects: [HostRedirect]) -> String {
        let status = self == .netlify ? "301!" : "301"
        var text = "# Written by bake (@host_rules \(rawValue)): the old URLs of the posts and pages (@aliases).\n"
        for redirect in redirects {
            text += "\(redirect.from)  \(redirect.to)  \(status)\n"
        }
        return text
    }

    /// The text of `_headers`: pictures and other media under `media/` kept thirty days;
    /// pages and feeds get the host's own default, which asks again at once (one rule for the
    /// whole site would be joined to the media's, as both hosts join the rules that match).
    func headers(sitePath: String) -> String {
        """
        # Written by bake (@host_rules \(rawValue)): pictures and other media are kept long;
        # pages and feeds keep the host's default, so an edit shows at once.
        \(sitePath)/media/*
          Cache-Control: \(ContentType.longCache)

        """
    }
}

/// One redirect of `_redirects`: an old URL's path, and the path of its post or page.
public struct HostRedirect: Sendable, Hashable, Encodable {
    public let from: String
    public let to: String
}

/// What `_redirects` or `_headers` is made from.
public struct HostRulesInputs: Sendable, Hashable, Encodable {
    public enum File: String, Sendable, Hashable, Encodable {
        case redirects, headers
    }

    public let host: HostRules
    public let file: File
    /// The site's path on its host, without a slash at the end: empty at the root.
    public let sitePath: String
    public let redirects: [HostRedirect]

    var text: String {
        switch file {
        case .redirects: host.redirects(redirects)
        case .headers: host.headers(sitePath: sitePath)
        }
    }

    /// The redirects of `aliases` on a site at `sitePath`: the old URLs that are paths (one
    /// with a query, as WordPress's `?p=`, is left to its alias page), with any character a
    /// rule cannot hold percent-encoded.
    static func redirects(_ aliases: [Redirect], sitePath: String) -> [HostRedirect] {
        aliases.compactMap { redirect in
            guard redirect.alias.hasPrefix("/"), !redirect.alias.contains("?"), !redirect.alias.contains("#") else { return nil }
            return HostRedirect(from: encoded(redirect.alias), to: sitePath + "/" + encoded(redirect.target))
        }
    }

    /// `path` with spaces, controls and non-ASCII bytes percent-encoded; escapes already there kept.
    static func encoded(_ path: String) -> String {
        var text = ""
        for byte in path.utf8 {
            if byte > 0x20, byte < 0x7F {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                text += "%" + String(byte, radix: 16, uppercase: true).leftPadded
            }
        }
        return text
    }
}

private extension String {
    var leftPadded: String { count == 1 ? "0" + self : self }
}

extension HostRulesInputs: Fingerprintable {
    public func addFields(to fields: inout FingerprintFields) {
        fields.add(host.rawValue)
        fields.add(file.rawValue)
        fields.add(sitePath)
        fields.add(redirects)
    }
}

extension HostRedirect: Fingerprintable {
    public func addFields(to fields: inout FingerprintFields) {
        fields.add(from)
        fields.add(to)
    }
}
