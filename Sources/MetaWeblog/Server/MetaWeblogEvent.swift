import BakeKit

/// What the shim tells the program running it.
public enum MetaWeblogEvent: Sendable {
    /// The server listens at this endpoint URL.
    case listening(url: String)
    /// A change was saved; the text names it, as its commit message does.
    case saved(String)
    /// A change was saved, but the site could not be re-baked.
    case siteNotRebuilt(BuildFailure)
    /// A call from `client` (an address) came with a wrong user name or password; the user
    /// name is cut short (see `LogText`).
    case badLogin(user: String, client: String)
}
