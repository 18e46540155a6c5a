/// Why an IndieAuth request was refused; `code` is the OAuth 2.0 error code sent back.
struct IndieAuthError: Error, Sendable, Hashable {
    enum Reason: Sendable, Hashable {
        /// A parameter is missing or wrong.
        case invalidRequest(String)
        /// The code is unknown, used, expired, or bound to something else.
        case invalidGrant(String)
        /// Only `authorization_code` grants are offered.
        case unsupportedGrantType(String)
    }

    let reason: Reason
    /// For the person at the browser, when the sign-in page refuses: what to do about it.
    let advice: String?

    init(_ reason: Reason, advice: String? = nil) {
        self.reason = reason
        self.advice = advice
    }

    /// The OAuth 2.0 error code.
    var code: String {
        switch reason {
        case .invalidRequest: "invalid_request"
        case .invalidGrant: "invalid_grant"
        case .unsupportedGrantType: "unsupported_grant_type"
        }
    }

    /// What was wrong, for `error_description`.
    var message: String {
        switch reason {
        case .invalidRequest(let detail), .invalidGrant(let detail): detail
        case .unsupportedGrantType(let type): "grant_type \"\(type)\" is not offered; expected authorization_code"
        }
    }
}
