import BakeIO

/// Why a Micropub request failed: the HTTP status and the JSON error body the spec names
/// (`{"error": "invalid_request", "error_description": "…"}`).
public struct MicropubError: Error, Sendable, Hashable {
    /// What was wrong.
    public enum Reason: Sendable, Hashable {
        /// No access token came with the request.
        case noToken
        /// The token is not one of the blog's (wrong, or revoked).
        case badToken
        /// The token lacks the scope the request needs.
        case insufficientScope(needed: TokenScope)
        /// The caller sent too many bad tokens; it may try again in `retryAfterSeconds`.
        case tooManyBadTokens(retryAfterSeconds: Int)
        /// The request cannot be read or makes no sense; `detail` says why.
        case invalidRequest(String)
        /// The post, file or change failed in the blog (see `MetaWeblogError`).
        case blog(MetaWeblogError)
        /// The token file could not be read.
        case tokens(TokenStoreError)
    }

    /// What was wrong.
    public let reason: Reason

    public init(_ reason: Reason) {
        self.reason = reason
    }

    /// The HTTP status.
    public var status: Int {
        switch reason {
        case .noToken: 401
        case .badToken, .insufficientScope: 403
        case .tooManyBadTokens: 429
        case .invalidRequest: 400
        case .blog(let error):
            switch error.reason {
            case .postNotFound: 400
            case .invalidParameters: 400
            default: 500
            }
        case .tokens: 500
        }
    }

    /// The spec's error code.
    public var code: String {
        switch reason {
        case .noToken: "unauthorized"
        case .badToken: "forbidden"
        case .insufficientScope: "insufficient_scope"
        case .tooManyBadTokens: "too_many_requests"
        case .invalidRequest: "invalid_request"
        case .blog(let error):
            switch error.reason {
            case .postNotFound, .invalidParameters: "invalid_request"
            default: "server_error"
            }
        case .tokens: "server_error"
        }
    }

    /// What was wrong, and what was expected: for the log. What the app is told is `answer`.
    public var message: String {
        switch reason {
        case .noToken:
            "No access token: send one as Authorization: Bearer or as the access_token field; bake-metaweblog new-token makes one."
        case .badToken:
            "The access token is not one of this blog's (wrong, or revoked); bake-metaweblog list-tokens shows the blog's tokens."
        case .insufficientScope(let needed):
            "The access token lacks the scope \(needed.rawValue) this request needs."
        case .tooManyBadTokens(let seconds):
            "Too many bad access tokens: this one was not checked; try again in \(seconds) s."
        case .invalidRequest(let detail):
            detail
        case .blog(let error):
            error.message
        case .tokens(let error):
            "The blog's tokens cannot be read: \(error.message)"
        }
    }

    /// What the app is told: the message, without a path of this machine (see `AnswerText`).
    public var answer: String {
        switch reason {
        case .blog(let error): error.answer
        case .tokens: AnswerText.withoutPaths(message)
        default: message
        }
    }

    /// The JSON body.
    var body: JSONValue {
        var members: [String: JSONValue] = ["error": .string(code), "error_description": .string(answer)]
        if case .insufficientScope(let needed) = reason { members["scope"] = .string(needed.rawValue) }
        return .object(members)
    }
}
