import BakeKit

/// The HTML of the page a person sees when an app's sign-in request cannot be taken: which
/// app asked, what its request lacks, and what to do. The app's own error codes are in the
/// log; this page is written for whoever is at the browser.
struct SignInRefusalPage: Sendable {
    let error: IndieAuthError
    /// The app's `client_id` as it came, even when it is not a good one: it is only shown.
    let clientID: String?
    let siteName: String

    var html: String {
        let app = clientID.map { LogText.clipped($0) }.flatMap { $0.isEmpty ? nil : $0 }
        let who = app.map { "The app <code>\(Self.escape($0))</code>" } ?? "An app"
        let advice = error.advice ?? "Start the sign-in from the app again; if this page comes back, tell the app's maker what it says."
        return AuthorizationPage.document(title: "This app cannot sign in to " + siteName, main: """
        <p>\(who) asked to sign in, but its request cannot be taken.</p>
        <p class="problem" role="alert"><strong>What is missing:</strong> \(Self.escape(error.message)).</p>
        <p><strong>What to do:</strong> \(Self.escape(advice))</p>
        <p>Nothing was signed in, and no password was asked for.</p>
        """)
    }

    static func escape(_ text: String) -> String {
        MarkupEscaping.html(text)
    }
}
