import BakeIO
import BakeKit

/// What the shim tells the program running it.
public enum MetaWeblogEvent: Sendable {
    /// The server listens at this endpoint URL.
    case listening(url: String)
    /// A change was saved; the text names it, as its commit message does.
    case saved(String)
    /// A change was saved, but the site could not be re-baked.
    case siteNotRebuilt(BuildFailure)
    /// The site was published after a change (with `--deploy` or `@deploy_on_post`).
    case published(DeploySummary)
    /// A change was saved and baked, but the site could not be published.
    case notPublished(DeployError)
    /// A call from `client` (an address) came with a wrong user name or password; the user
    /// name is cut short (see `LogText`).
    case badLogin(user: String, client: String)
    /// A call from `client` was refused without checking its login: that address has had too
    /// many failed logins with this user name lately, or too many logins wait to be checked.
    case loginRefused(user: String, client: String)
    /// A Micropub request from `client` came with a token that is not the blog's, or was
    /// refused unchecked after too many such.
    case badToken(client: String)
    /// The IndieAuth sign-in page was sent a wrong password from `client`.
    case badSignIn(client: String)
    /// An app signed in through IndieAuth and got a token, recorded under `name`.
    case signedIn(name: String)
}
