import BakeIO
import BakeKit
import BakeLinks
import Foundation
import LinkCheck

/// Whether an app may be sent back to a `redirect_uri` on another site than its `client_id`.
///
/// IndieAuth lets an app's redirect live elsewhere (a desktop app's callback on `localhost`,
/// a web app's on a sister domain) when the app publishes it at its `client_id`: a
/// `<link rel="redirect_uri" href="…">` in the page, an HTTP `Link: <…>; rel="redirect_uri"`,
/// or `redirect_uris` in a client metadata document (JSON). So the shim reads that page:
///
/// - a redirect on the app's own site, or an app's own scheme (`ia-writer://…`), needs nothing;
/// - a redirect the page lists is the app's;
/// - a page that answers and does not list it is refused: a link crafted to send the code
///   elsewhere stops there;
/// - when the page cannot be read (offline, an error, too large), the sign-in page shows the
///   redirect and asks the user to confirm it before the password counts.
///
/// ```swift
/// let redirects = PublishedRedirects(curl: try? Curl.find())
/// switch await redirects.check(clientID: "https://app.example/", redirect: address) {
/// case .ownSite, .listed: …            // go on
/// case .notListed: …                   // refuse
/// case .unconfirmed(let reason): …     // ask the user
/// }
/// ```
struct PublishedRedirects: Sendable {
    /// What the shim knows of a redirect.
    enum Trust: Sendable, Hashable {
        /// On the `client_id`'s own scheme, host and port, or an app's own scheme.
        case ownSite
        /// Listed by the app's page.
        case listed
        /// The app's page answered and does not list it.
        case notListed
        /// The app's page could not be read, for `reason`: the user decides.
        case unconfirmed(reason: String)
    }

    /// Reads the page at a `client_id`; nil when there was no usable answer.
    let fetch: @Sendable (String) async -> Curl.Page?

    /// Reads pages with `curl`, at most 256 KB each, 10 seconds each; without curl every
    /// redirect elsewhere is left to the user.
    init(curl: Curl?) {
        fetch = { url in
            await curl?.fetch(url, timeout: .seconds(10), maxBytes: Self.maxPageSize, userAgent: "bake-metaweblog (IndieAuth client discovery)")
        }
    }

    init(fetch: @escaping @Sendable (String) async -> Curl.Page?) {
        self.fetch = fetch
    }

    static let maxPageSize = 256 * 1024

    func check(clientID: ClientAddress, redirect: ClientAddress) async -> Trust {
        guard redirect.isWeb, redirect.origin != clientID.origin else { return .ownSite }
        guard let page = await fetch(clientID.text) else {
            return .unconfirmed(reason: "the app's page at its client_id could not be read")
        }
        guard (200..<300).contains(page.status) else {
            return .unconfirmed(reason: "the app's page at its client_id answered \(page.status)")
        }
        return Self.redirects(of: page).contains(redirect.text) ? .listed : .notListed
    }

    /// Every redirect URI a client's page publishes, made absolute against the page's URL.
    static func redirects(of page: Curl.Page) -> Set<String> {
        var found = LinkHeader.targets(page.link, relation: "redirect_uri")
        let type = HeaderParameters(page.contentType).value
        if type == "application/json" || type.hasSuffix("+json") {
            let document = (try? JSONSerialization.jsonObject(with: Data(page.body))) as? [String: Any]
            found += (document?["redirect_uris"] as? [Any] ?? []).compactMap { $0 as? String }
        } else if type == "text/html" || type == "application/xhtml+xml" || type.isEmpty {
            found += HTMLScanner.scan(page.body).relations.filter { $0.words.contains("redirect_uri") }.map(\.url)
        }
        let base = URLReference(page.url)
        return Set(found.map { URLReference($0).resolved(against: base).text })
    }
}
