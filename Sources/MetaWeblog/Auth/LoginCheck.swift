import Dispatch

/// Checks the logins of calls against the credentials, without letting bad logins slow
/// down good ones, and without letting anyone test passwords quickly.
///
/// The bcrypt check of the configured hash is slow on purpose (a quarter of a second at cost
/// 12), and an editor sends the password with every call. Once a password passes the full
/// check, a cost-4 bcrypt of it, with a fresh random salt and kept in memory only, answers
/// every later login in about a millisecond, pass or fail.
///
/// Until then, full checks run one at a time on a thread of their own, never on the threads
/// that serve calls; calls with the same login share one check, and at most `maxWaiting`
/// different logins wait for it: a login beyond that is refused unchecked.
///
/// Failures are counted per caller: an address and the user name it sends. On loopback every
/// editor and every local program is `127.0.0.1`, so a flood under some other name must not
/// shut out the real user. A caller whose logins failed `freeFailures` times in a row backs
/// off for 1 s, then 2 s, 4 s … up to `maxBackoff`, and gets at most one check per back-off:
/// - in the first, the remembered hash may be tried once at any moment, so that a real user
///   who mistyped goes on at once; before any password is remembered, the check waits for
///   the end;
/// - a later back-off is started by its own failed check, so the next check waits for its end.
/// Every other login of the caller meanwhile is refused unchecked, and the first one after
/// the end is checked alone; a success forgets the caller's failures.
///
/// A login that fails or is refused is answered `delay` after the call, however long the
/// check took, so that its timing tells nothing: callers answer at once what `check` returns.
///
/// ```swift
/// let login = LoginCheck(credentials: credentials, delay: .seconds(1))
/// await login.check(user: "mira", password: "correct horse", client: "127.0.0.1")   // .passed: slow the first time, fast after
/// await login.check(user: "mira", password: "wrong", client: "127.0.0.1")           // .failed, a second after the call
/// ```
actor LoginCheck {
    /// What became of a login.
    enum Outcome: Sendable, Hashable {
        /// The user name and password are right.
        case passed
        /// The login was checked, and is wrong.
        case failed
        /// The login was not checked.
        case refused(Refusal)
    }

    /// Why a login was not checked.
    enum Refusal: Sendable, Hashable {
        /// The caller backs off after failed logins; it may be checked again after `retryAfter`.
        case backingOff(retryAfter: Duration)
        /// `maxWaiting` other logins wait for the checking thread.
        case busy
    }

    /// The cost of the remembered hash: bcrypt's cheapest.
    static let rememberedCost = 4
    /// Failed logins a caller may have in a row before it backs off.
    static let freeFailures = 5
    /// The longest back-off.
    static let maxBackoff: Duration = .seconds(60)
    /// How many full checks may wait for the checking thread.
    static let maxWaiting = 8
    /// How many callers' failures are remembered; the oldest are forgotten first.
    static let maxCallers = 4096
    /// How much of a user name tells callers apart.
    static let userNameLength = 256

    /// Who may write.
    let credentials: Credentials
    /// How long after the call a failed or refused login is answered.
    let delay: Duration
    /// The time now; tests move it forward.
    private let now: @Sendable () -> ContinuousClock.Instant
    /// The full check of a user name and password against `credentials`; tests hold it.
    private let fullCheck: @Sendable (_ user: String, _ password: String) -> Bool
    private let queue = DispatchQueue(label: "bake.metaweblog.login")
    private var remembered: PasswordHash?
    /// The full checks under way or waiting, by user name and password.
    private var inFlight: [String: Task<Bool, Never>] = [:]
    private var failures: [Caller: Failures] = [:]

    /// - Parameters:
    ///   - delay: How long after the call a failed or refused login is answered; none by default.
    ///   - fullCheck: The slow check, by default the credentials' own bcrypt check.
    init(
        credentials: Credentials, delay: Duration = .zero,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now },
        fullCheck: (@Sendable (_ user: String, _ password: String) -> Bool)? = nil
    ) {
        self.credentials = credentials
        self.delay = delay
        self.now = now
        self.fullCheck = fullCheck ?? { credentials.verify(user: $0, password: $1) }
    }

    /// Checks the user name and password of a call from `client`, the caller's address; a
    /// login that is not `.passed` is answered `delay` after the call.
    nonisolated func check(user: String, password: String, client: String) async -> Outcome {
        let started = ContinuousClock.now
        let outcome = await decide(user: user, password: password, client: client)
        if outcome != .passed, delay > .zero {
            try? await Task.sleep(until: started + delay, clock: .continuous)
        }
        return outcome
    }

    /// Whether the user name and password are right: `check`, as a yes or no.
    nonisolated func verify(user: String, password: String, client: String) async -> Bool {
        await check(user: user, password: password, client: client) == .passed
    }

    /// Whether any caller at `client` is backing off now; for tests.
    func isBackingOff(_ client: String) -> Bool {
        let now = now()
        return failures.contains { $0.key.client == client && $0.value.count >= Self.freeFailures && now < $0.value.until }
    }
}

private extension LoginCheck {
    /// What becomes of a login, as soon as that is known.
    nonisolated func decide(user: String, password: String, client: String) async -> Outcome {
        let caller = Caller(client: client, user: user)
        switch await begin(caller, user: user, password: password) {
        case .decided(let outcome):
            return outcome
        case .fullCheck(let task):
            let passed = await task.value
            await settle(caller, passed: passed)
            return passed ? .passed : .failed
        }
    }

    /// Who is logging in: an address and the start of the user name it sends.
    struct Caller: Hashable {
        let client: String
        let user: String

        init(client: String, user: String) {
            self.client = client
            self.user = String(String.UnicodeScalarView(user.unicodeScalars.prefix(LoginCheck.userNameLength)))
        }
    }

    struct Failures {
        var count: Int
        /// When the back-off ends.
        var until: ContinuousClock.Instant
        var last: ContinuousClock.Instant
        /// The remembered password may still be tried before `until` (the first back-off only).
        var mayTryRemembered = false
        /// The one check after the back-off is under way.
        var probing = false
    }

    enum Start {
        case decided(Outcome)
        case fullCheck(Task<Bool, Never>)
    }

    /// Decides at once where it can, in one step on the actor, so that no two calls of a
    /// caller are checked on the strength of the same count: refuses a caller that backs
    /// off, answers from the remembered hash, or starts (or joins) a full check.
    func begin(_ caller: Caller, user: String, password: String) -> Start {
        let now = now()
        let userMatches = ConstantTime.equal(Array(user.utf8), Array(credentials.user.utf8))
        if let record = failures[caller], record.count >= Self.freeFailures {
            if now < record.until {
                guard record.mayTryRemembered, let remembered else {
                    return .decided(.refused(.backingOff(retryAfter: record.until - now)))
                }
                failures[caller]?.mayTryRemembered = false
                return .decided(answer(caller, userMatches: userMatches, remembered: remembered, password: password))
            }
            if record.probing { return .decided(.refused(.backingOff(retryAfter: .seconds(1)))) }
            failures[caller]?.probing = true
        }
        if let remembered {
            return .decided(answer(caller, userMatches: userMatches, remembered: remembered, password: password))
        }
        let key = user + "\u{0}" + password
        if let running = inFlight[key] { return .fullCheck(running) }
        guard inFlight.count < Self.maxWaiting else {
            failures[caller]?.probing = false
            return .decided(.refused(.busy))
        }
        let task = Task { [fullCheck, queue] in
            let passed = await withCheckedContinuation { continuation in
                queue.async { continuation.resume(returning: fullCheck(user, password)) }
            }
            self.finishFullCheck(key: key, password: passed ? password : nil)
            return passed
        }
        inFlight[key] = task
        return .fullCheck(task)
    }

    /// The answer of the remembered hash, which is as good as the full check's once a
    /// password passed that: the password is always hashed, whatever the user name.
    func answer(_ caller: Caller, userMatches: Bool, remembered: PasswordHash, password: String) -> Outcome {
        let passwordMatches = remembered.matches(password)
        let passed = userMatches && passwordMatches
        settle(caller, passed: passed)
        return passed ? .passed : .failed
    }

    func finishFullCheck(key: String, password: String?) {
        inFlight[key] = nil
        if let password {
            remembered = PasswordHash.make(password: password, cost: Self.rememberedCost)
        }
    }

    /// Counts a failure against `caller`, or forgets its failures after a success.
    func settle(_ caller: Caller, passed: Bool) {
        guard !passed else {
            failures[caller] = nil
            return
        }
        let now = now()
        var record = failures[caller] ?? Failures(count: 0, until: now, last: now)
        record.count += 1
        record.last = now
        record.probing = false
        if record.count >= Self.freeFailures {
            let doublings = min(record.count - Self.freeFailures, 6)
            record.until = now + min(.seconds(1 << doublings), Self.maxBackoff)
            record.mayTryRemembered = record.count == Self.freeFailures
        }
        if failures[caller] == nil, failures.count >= Self.maxCallers,
           let oldest = failures.min(by: { $0.value.last < $1.value.last })?.key {
            failures[oldest] = nil
        }
        failures[caller] = record
    }
}
