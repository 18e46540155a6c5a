import Crypto
/// The IndieAuth authorization codes handed out and not yet redeemed, in memory only.
///
/// A code is single-use: redeeming it removes it, whether or not the rest of the request is
/// right, so a replayed code always fails. It lives `lifetime` at most, and it is bound to
/// the client, the redirect URI and the PKCE S256 challenge it was made for.
///
/// ```swift
/// let codes = AuthorizationCodes()
/// let code = await codes.issue(grant)
/// try await codes.redeem(code, clientID: grant.clientID, redirectURI: grant.redirectURI, verifier: verifier)
/// ```
actor AuthorizationCodes {
    /// What a code grants, and what it is bound to.
    struct Grant: Sendable, Hashable {
        let clientID: String
        let redirectURI: String
        /// The PKCE S256 challenge: base64url of the SHA-256 of the client's verifier.
        let codeChallenge: String
        let scopes: [TokenScope]
    }

    /// How long a code lives.
    static let lifetime: Duration = .seconds(60)
    /// How many codes may wait at once; more push out the oldest.
    static let maxCodes = 64

    private let now: @Sendable () -> ContinuousClock.Instant
    private var codes: [String: (grant: Grant, expires: ContinuousClock.Instant)] = [:]

    /// - Parameter now: The time now; tests move it forward.
    init(now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }) {
        self.now = now
    }

    /// A new code for `grant`: 256 random bits, base64url.
    func issue(_ grant: Grant) -> String {
        let now = now()
        codes = codes.filter { $0.value.expires > now }
        if codes.count >= Self.maxCodes, let oldest = codes.min(by: { $0.value.expires < $1.value.expires })?.key {
            codes[oldest] = nil
        }
        var generator = SystemRandomNumberGenerator()
        let code = Base64URL.encode((0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) })
        codes[code] = (grant, now + Self.lifetime)
        return code
    }

    /// The grant of `code`, once: the code is gone after this call, whatever it returns.
    func redeem(_ code: String, clientID: String, redirectURI: String, verifier: String) throws(IndieAuthError) -> Grant {
        guard let (grant, expires) = codes.removeValue(forKey: code) else {
            throw IndieAuthError(.invalidGrant("the code is unknown or was used already; codes work once"))
        }
        guard now() < expires else { throw IndieAuthError(.invalidGrant("the code expired; codes last \(Self.lifetime.components.seconds) s")) }
        guard grant.clientID == clientID else { throw IndieAuthError(.invalidGrant("client_id is not the one the code was made for")) }
        guard grant.redirectURI == redirectURI else { throw IndieAuthError(.invalidGrant("redirect_uri is not the one the code was made for")) }
        let challenge = SHA256.hash(data: Array(verifier.utf8)).base64URL
        guard (43...128).contains(verifier.utf8.count), ConstantTime.equal(Array(challenge.utf8), Array(grant.codeChallenge.utf8)) else {
            throw IndieAuthError(.invalidGrant("code_verifier does not match the code_challenge (PKCE S256)"))
        }
        return grant
    }
}
