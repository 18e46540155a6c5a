import BakeIO
import BakeKit
import XMLRPC

/// What a method may use: the blog's settings and files, the one writer, and the login check.
struct MethodContext: Sendable {
    /// The shim's settings.
    let configuration: ShimConfiguration
    /// The blog's files, for reading; changes go through `writer`.
    let tree: BlogTree
    /// The one writer of the blog.
    let writer: BlogWriter
    /// The login check.
    let login: LoginCheck
    /// The names of every method, for `system.listMethods` and `mt.supportedMethods`.
    let methodNames: [String]
    /// Told of bad and refused logins.
    let report: @Sendable (MetaWeblogEvent) -> Void
    /// The time now.
    let now: @Sendable () -> Timestamp
    /// Decodes an uploaded picture as the next bake will, before it is stored.
    let pictures: PictureCheck
    /// The address of the client calling, e.g. `127.0.0.1`.
    var client = "unknown"

    /// The name an upload is stored under, once its name and bytes are checked (`MediaUpload`).
    func upload(_ requested: String, type: String, bytes: [UInt8]) async throws(MediaUpload.Refusal) -> String {
        let upload = try MediaUpload.name(for: requested, type: type, bytes: bytes, allowSVG: configuration.uploadSVG)
        try await upload.checked(bytes, with: pictures)
        return upload.fileName
    }

    /// This context for a call from `client`.
    func from(_ client: String) -> MethodContext {
        var context = self
        context.client = client
        return context
    }

    /// Checks the user name and password that are parameters `index` and `index + 1`. When
    /// they are wrong, throws the bad-login fault; when the login was not checked (see
    /// `LoginCheck`), the too-many-logins fault. Either comes the check's delay after the
    /// call did, however long the check took, so that its timing tells nothing.
    func authenticate(_ parameters: Parameters, at index: Int) async throws(MetaWeblogError) {
        let user = try parameters.identifier(index, "username")
        let password = try parameters.string(index + 1, "password")
        switch await login.check(user: user, password: password, client: client) {
        case .passed:
            return
        case .failed:
            report(.badLogin(user: LogText.clipped(user), client: client))
            throw MetaWeblogError(.badLogin)
        case .refused(let refusal):
            report(.loginRefused(user: LogText.clipped(user), client: client))
            switch refusal {
            case .backingOff(let wait):
                throw MetaWeblogError(.tooManyFailedLogins(retryAfterSeconds: Self.wholeSeconds(wait)))
            case .busy:
                throw MetaWeblogError(.tooManyLoginsWaiting)
            }
        }
    }

    /// `duration` rounded up to whole seconds, at least 1.
    static func wholeSeconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return max(1, Int(seconds) + (attoseconds > 0 ? 1 : 0))
    }

    /// The blog's dates, in its time zone.
    var dates: PostDate {
        tree.dates
    }

    /// Lists of posts and categories.
    var catalog: PostCatalog {
        PostCatalog(tree: tree)
    }

    /// Post structs as methods reply with them.
    var replies: PostReply {
        PostReply(paths: SitePaths(settings: configuration.site), user: configuration.credentials.user, dates: tree.dates)
    }
}
