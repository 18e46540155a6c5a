/// Checks the access tokens of Micropub requests, and throttles callers that send bad ones
/// as `LoginCheck` throttles bad passwords: a caller (an address) whose tokens were wrong
/// `freeFailures` times in a row backs off for 1 s, then 2 s, 4 s … up to `maxBackoff`, and
/// its bad tokens are refused (429) until the back-off ends. A good token forgets its failures.
///
/// Unlike a password, a good token is always let through, even from a caller that backs off:
/// looking one up costs a file read and a SHA-256, not a bcrypt, and 256 random bits cannot be
/// guessed, so the back-off only slows a flood down, and a flood from another program on
/// 127.0.0.1 (every local client has that address) cannot lock the real app out.
///
/// Tokens are looked up in the token file on every check (see `TokenStore`), so a revoked
/// token fails at once. The hash of a token is compared with every record in constant time.
///
/// A wrong token is answered `delay` after the call, as a wrong password is; a refused one at
/// once, since its answer says when to come back. Callers answer at once what `check` returns.
///
/// ```swift
/// let check = TokenCheck(store: TokenStore(blog: blog), delay: .seconds(1))
/// try await check.check("bake_…", client: "127.0.0.1")   // .passed(record) or .failed / .refused
/// ```
actor TokenCheck {
    /// What became of a token.
    enum Outcome: Sendable, Hashable {
        /// The token is the blog's; here is its record.
        case passed(AccessToken)
        /// No record has this token (wrong, or revoked).
        case failed
        /// Not one of the blog's, from a caller that backs off; it may try again after `retryAfter`.
        case refused(retryAfter: Duration)
    }

    /// Failed tokens a caller may send in a row before it backs off.
    static let freeFailures = 5
    /// The longest back-off.
    static let maxBackoff: Duration = .seconds(60)
    /// How many callers' failures are remembered; the oldest are forgotten first.
    static let maxCallers = 4096

    /// The blog's tokens.
    let store: TokenStore
    /// How long after the call a wrong token is answered.
    let delay: Duration
    private let now: @Sendable () -> ContinuousClock.Instant
    private var failures: [String: (count: Int, until: ContinuousClock.Instant, last: ContinuousClock.Instant)] = [:]

    /// - Parameter delay: How long after the call a wrong token is answered; none by default.
    init(store: TokenStore, delay: Duration = .zero, now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }) {
        self.store = store
        self.delay = delay
        self.now = now
    }

    /// Checks `token`, sent by `client`; a `.failed` one is answered `delay` after the call.
    /// A token file that cannot be read throws.
    nonisolated func check(_ token: String, client: String) async throws(TokenStoreError) -> Outcome {
        let started = ContinuousClock.now
        let outcome = try await decide(token, client: client)
        if outcome == .failed, delay > .zero {
            try? await Task.sleep(until: started + delay, clock: .continuous)
        }
        return outcome
    }
}

private extension TokenCheck {
    /// What becomes of a token, as soon as that is known.
    func decide(_ token: String, client: String) throws(TokenStoreError) -> Outcome {
        let now = now()
        if let found = try store.find(token) {
            failures[client] = nil
            return .passed(found)
        }
        if let record = failures[client], record.count >= Self.freeFailures, now < record.until {
            return .refused(retryAfter: record.until - now)
        }
        var record = failures[client] ?? (count: 0, until: now, last: now)
        record.count += 1
        record.last = now
        if record.count >= Self.freeFailures {
            let doublings = min(record.count - Self.freeFailures, 6)
            record.until = now + min(.seconds(1 << doublings), Self.maxBackoff)
        }
        if failures[client] == nil, failures.count >= Self.maxCallers,
           let oldest = failures.min(by: { $0.value.last < $1.value.last })?.key {
            failures[oldest] = nil
        }
        failures[client] = record
        return .failed
    }
}
