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
        return """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Sign in to \(Self.escape(siteName))</title>
        <style>body{font:16px/1.5 system-ui,sans-serif;max-width:32em;margin:2em auto;padding:0 1em}code{word-break:break-all}.problem{color:#a00}</style>
        </head>
        <body>
        <main>
        <h1>Sign in to \(Self.escape(siteName))</h1>
        <p><code>\(Self.escape(request.clientID))</code> asks to:</p>
        <ul>\(scopes)</ul>
        <p>It will be sent back to <code>\(Self.escape(request.redirectURI))</code>.</p>
        \(problem.map { "<p class=\"problem\" role=\"alert\">\(Self.escape($0))</p>" } ?? "")
        <form method="post" action="\(ShimRoutes.authorization)">
        \(hidden)
        <p><label for="password">The shim's password</label><br>
        <input id="password" type="password" name="password" autocomplete="current-password" required autofocus></p>
        <p><button type="submit">Allow</button></p>
        </form>
        </main>
        </body>
        </html>

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
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }
}
