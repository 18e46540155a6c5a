import Dispatch

/// Checks the logins of calls against the credentials, without letting bad logins slow
/// down good ones.
///
/// The bcrypt check of the configured hash is slow on purpose (a quarter of a second at cost
/// 12), and an editor sends the password with every call. Once a password passes the full
/// check, a cost-4 bcrypt of it, with a fresh random salt and kept in memory only, answers
/// later calls in about a millisecond; any other password gets the full check again.
///
/// Full checks run one at a time on a thread of their own, never on the threads that serve
/// calls; calls with the same login share one check, and at most `maxWaiting` different
/// logins wait for it: a login beyond that is refused unchecked.
/// A client (an address) whose logins failed `freeFailures` times in a row backs off: its
/// logins are refused unchecked for 1 s, then 2 s, 4 s … up to `maxBackoff`, unless the
/// password is the one already remembered, so the real user on the same address goes on.
///
/// ```swift
/// let login = LoginCheck(credentials: credentials)
/// await login.verify(user: "mira", password: "correct horse", client: "127.0.0.1")   // slow the first time, fast after
/// ```
actor LoginCheck {
    /// The cost of the remembered hash: bcrypt's cheapest.
    static let rememberedCost = 4
    /// Failed logins a client may have in a row before it backs off.
    static let freeFailures = 5
    /// The longest back-off.
    static let maxBackoff: Duration = .seconds(60)
    /// How many full checks may wait for the checking thread.
    static let maxWaiting = 8
    /// How many clients' failures are remembered; the oldest are forgotten first.
    static let maxClients = 4096

    /// Who may write.
    let credentials: Credentials
    private let clock = ContinuousClock()
    private let queue = DispatchQueue(label: "bake.metaweblog.login")
    private var remembered: PasswordHash?
    /// The full checks under way or waiting, by user name and password.
    private var inFlight: [String: Task<Bool, Never>] = [:]
    private var failures: [String: Failures] = [:]

    init(credentials: Credentials) {
        self.credentials = credentials
    }

    /// Whether the user name and password are right. `client` is the caller's address.
    nonisolated func verify(user: String, password: String, client: String) async -> Bool {
        let userMatches = ConstantTime.equal(Array(user.utf8), Array(credentials.user.utf8))
        if let remembered = await rememberedHash(), remembered.matches(password) {
            await settle(client, passed: userMatches)
            return userMatches
        }
        guard let check = await fullCheck(user: user, password: password, client: client) else { return false }
        let passed = await check.value
        await settle(client, passed: passed)
        return passed
    }

    /// Whether `client` is backing off now; for tests.
    func isBackingOff(_ client: String) -> Bool {
        failures[client].map { clock.now < $0.until } ?? false
    }
}

private extension LoginCheck {
    struct Failures {
        var count: Int
        var until: ContinuousClock.Instant
        var last: ContinuousClock.Instant
    }

    func rememberedHash() -> PasswordHash? {
        remembered
    }

    /// The full check of this login: one already under way for the same user name and
    /// password (an editor's calls arrive together, and must not crowd each other out), or a
    /// new one if `client` is not backing off and few wait; nil when refused unchecked.
    func fullCheck(user: String, password: String, client: String) -> Task<Bool, Never>? {
        let key = user + "\u{0}" + password
        if let running = inFlight[key] { return running }
        if let record = failures[client], clock.now < record.until { return nil }
        guard inFlight.count < Self.maxWaiting else { return nil }
        let task = Task { [credentials, queue] in
            let passed = await withCheckedContinuation { continuation in
                queue.async { continuation.resume(returning: credentials.verify(user: user, password: password)) }
            }
            self.finishFullCheck(key: key, password: passed ? password : nil)
            return passed
        }
        inFlight[key] = task
        return task
    }

    func finishFullCheck(key: String, password: String?) {
        inFlight[key] = nil
        if let password {
            remembered = PasswordHash.make(password: password, cost: Self.rememberedCost)
        }
    }

    /// Counts a failure against `client`, or forgets its failures after a success.
    func settle(_ client: String, passed: Bool) {
        guard !passed else {
            failures[client] = nil
            return
        }
        let now = clock.now
        var record = failures[client] ?? Failures(count: 0, until: now, last: now)
        record.count += 1
        record.last = now
        if record.count >= Self.freeFailures {
            let doublings = min(record.count - Self.freeFailures, 6)
            record.until = now + min(.seconds(1 << doublings), Self.maxBackoff)
        }
        if failures[client] == nil, failures.count >= Self.maxClients,
           let oldest = failures.min(by: { $0.value.last < $1.value.last })?.key {
            failures[oldest] = nil
        }
        failures[client] = record
    }
}
