import BakeKit
/// The HTML of the authorization page: which app asks, for what, and the password field.
struct AuthorizationPage: Sendable {
    let request: AuthorizationRequest
    let siteName: String
    let me: String
    /// Shown above the form after a wrong password.
    let problem: String?

    var html: String {
        let scopes = request.scopes.isEmpty
            ? "<li>sign in only (no posting)</li>"
            : request.scopes.map { "<li>\(Self.escape(Self.describe($0)))</li>" }.joined()
        let hidden = [
            ("response_type", "code"), ("client_id", request.clientID), ("redirect_uri", request.redirectURI),
            ("state", request.state), ("code_challenge", request.codeChallenge), ("code_challenge_method", "S256"),
            ("scope", request.scopeText), ("me", me),
        ].map { "<input type=\"hidden\" name=\"\($0.0)\" value=\"\(Self.escape($0.1))\">" }.joined(separator: "\n")
        return Self.document(title: "Sign in to " + siteName, main: """
        <p><code>\(Self.escape(request.clientID))</code> asks to:</p>
        <ul>\(scopes)</ul>
        <p>It will be sent back to <code>\(Self.escape(request.redirectURI))</code>.</p>
        \(problem.map { "<p class=\"problem\" role=\"alert\">\(Self.escape($0))</p>" } ?? "")
        <form method="post" action="\(ShimRoutes.authorization)">
        \(hidden)
        \(confirmation)<p><label for="password">The shim's password</label><br>
        <input id="password" type="password" name="password" autocomplete="current-password" required autofocus></p>
        <p><button type="submit">Allow</button></p>
        </form>
        """)
    }

    /// A sign-in page: `main` (HTML) under a heading of `title` (text), in the pages' style.
    static func document(title: String, main: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title))</title>
        <style>body{font:16px/1.5 system-ui,sans-serif;max-width:32em;margin:2em auto;padding:0 1em}code{word-break:break-all}.problem{color:#a00}</style>
        </head>
        <body>
        <main>
        <h1>\(escape(title))</h1>
        \(main)
        </main>
        </body>
        </html>

        """
    }

    /// The form field of the box that trusts an unconfirmed redirect.
    static let trustField = "trust_redirect"

    /// For a redirect on another site that the app's page could not confirm: a warning, and a
    /// box the user must tick before the password counts.
    var confirmation: String {
        guard case .unconfirmed(let reason) = request.trust else { return "" }
        let host: String
        if case .web(_, let name, _) = request.redirect.kind { host = name } else { host = request.redirectURI }
        return """
        <p class="problem" role="alert">The app will be sent back to <strong>\(Self.escape(host))</strong>, which is not \
        the app's own site, and \(Self.escape(reason)) to confirm it is the app's. If you did not \
        start this sign-in from the app yourself, leave this page.</p>
        <p><label><input type="checkbox" name="\(Self.trustField)" value="yes" required> I started this sign-in, and \
        <code>\(Self.escape(host))</code> is where the app expects me back</label></p>

        """
    }

    static func describe(_ scope: TokenScope) -> String {
        switch scope {
        case .create: "write new posts"
        case .update: "change posts"
        case .delete: "delete and undelete posts"
        case .media: "upload media"
        }
    }

    static func escape(_ text: String) -> String {
        MarkupEscaping.html(text)
    }
}
