import BakeIO
import BakeKit
import BakeLinks

/// What the shim tells the program running it.
public enum MetaWeblogEvent: Sendable {
    /// The server listens at this endpoint URL.
    case listening(url: String)
    /// A change was saved; the text names it, as its commit message does.
    case saved(String)
    /// A change was saved as `saved`, but git could not commit it (`error.said` is git's
    /// first line); the next change's commit will include it, as it will the earlier
    /// changes that still wait, named in `waiting`.
    case notCommitted(saved: String, error: GitError, waiting: [String])
    /// The commit of the change saved as `saved` also recorded `earlier` changes, which git
    /// could not commit when they were saved.
    case committedEarlier([String], with: String)
    /// Changes saved while git could not commit them were committed by a later try of their
    /// own, with no new change.
    case committedLater([String])
    /// At start: these changes were saved before the shim last stopped, but git did not
    /// commit them; they are committed at once, or as soon as git can.
    case uncommittedAtStart([String])
    /// The list of changes git has yet to commit could not be read or written: a change git
    /// cannot commit now may not be found by the shim started again.
    case uncommittedListFailed(GitError)
    /// The site was re-baked, with warnings: a picture it cannot read (the post that shows it
    /// is published with the file as it is), code left unhighlighted, settings a podcast needs.
    case bakeWarnings([Diagnostic])
    /// A change was saved, but the site could not be re-baked.
    case siteNotRebuilt(BuildFailure)
    /// The time of a post dated in the future came, and the site was re-baked without a
    /// request: `written` files changed or were added, `removed` went.
    case scheduledBake(written: Int, removed: Int)
    /// With `@search true`: Pagefind made the search index of the changed pages again, in
    /// `bundles` (`2014`, `pages`) of `pages` pages. `afterTheAnswer` is how long after the
    /// editors were answered it was done; nil when they waited for it (a publish does), or
    /// when nobody was answered (a scheduled bake).
    case searchIndexed(bundles: [String], pages: Int, afterTheAnswer: Duration?)
    /// With `@search true`: the pages were re-baked, but Pagefind failed, so search shows the
    /// last index until a later bake makes it.
    case searchNotIndexed(BuildFailure)
    /// The site was published after a change (with `--deploy` or `@deploy_on_post`).
    case published(DeploySummary)
    /// After a publish: the webmentions sent and the WebSub pings, and what failed.
    case announced(Announcer.Report)
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
