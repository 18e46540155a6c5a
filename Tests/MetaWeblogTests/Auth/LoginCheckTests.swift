import BakeTestSupport
import Foundation
@testable import MetaWeblog
import Testing
import XMLRPC

@Suite struct LoginCheckTests {
    @Test func remembersOnlyAPasswordThatPassedAndStillChecksTheUser() async {
        let login = LoginCheck(credentials: Credentials(user: "mira", passwordHash: TestLogin.hash))
        #expect(await !login.verify(user: "mira", password: "wrong", client: "a"))
        #expect(await login.verify(user: "mira", password: TestLogin.password, client: "a"))
        #expect(await login.verify(user: "mira", password: TestLogin.password, client: "a"))
        #expect(await !login.verify(user: "someone", password: TestLogin.password, client: "a"))
        #expect(await !login.verify(user: "mira", password: "wrong", client: "a"))
        #expect(await login.verify(user: "mira", password: TestLogin.password, client: "a"))
    }

    /// An editor's first calls arrive together, before any password is remembered: they
    /// share one full check instead of filling the queue and being refused.
    @Test func manyFirstCallsWithTheRightPasswordAllPass() async {
        let login = LoginCheck(credentials: Credentials(user: "mira", passwordHash: PasswordHash.make(password: TestLogin.password, cost: 8)))
        let passed = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<(LoginCheck.maxWaiting * 4) {
                group.addTask { await login.verify(user: "mira", password: TestLogin.password, client: "127.0.0.1") }
            }
            var all: [Bool] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(passed.count == LoginCheck.maxWaiting * 4)
        #expect(passed.allSatisfy { $0 })
    }

    @Test func aClientBacksOffAfterRepeatedFailuresButTheRememberedPasswordStillPasses() async {
        let login = LoginCheck(credentials: Credentials(user: "mira", passwordHash: TestLogin.hash))
        #expect(await login.verify(user: "mira", password: TestLogin.password, client: "a"))
        for _ in 0..<LoginCheck.freeFailures {
            #expect(await !login.verify(user: "mira", password: "wrong", client: "a"))
        }
        #expect(await login.isBackingOff("a"))
        #expect(await !login.isBackingOff("b"))
        // The remembered password still passes on that address, and forgives the client.
        #expect(await login.verify(user: "mira", password: TestLogin.password, client: "a"))
        #expect(await !login.isBackingOff("a"))
    }

    @Test func aNewPasswordIsNotCheckedWhileItsClientBacksOff() async {
        let login = LoginCheck(credentials: Credentials(user: "mira", passwordHash: TestLogin.hash))
        for _ in 0..<LoginCheck.freeFailures {
            #expect(await !login.verify(user: "mira", password: "wrong", client: "a"))
        }
        #expect(await !login.verify(user: "mira", password: TestLogin.password, client: "a"))
        #expect(await login.verify(user: "mira", password: TestLogin.password, client: "b"))
    }

    /// A caller that backs off is told so, not told its password is wrong, and nothing of it
    /// is checked (the right password neither) until the back-off ends; then it is.
    @Test func aCallerThatBacksOffIsRefusedUncheckedUntilTheBackOffEnds() async {
        let clock = TestClock()
        let login = LoginCheck(credentials: Credentials(user: "mira", passwordHash: TestLogin.hash), now: clock.now)
        #expect(await login.check(user: "mira", password: TestLogin.password, client: "a") == .passed)
        for _ in 0..<LoginCheck.freeFailures {
            #expect(await login.check(user: "mira", password: "wrong", client: "a") == .failed)
        }
        // The first back-off allows one try of the remembered password: here a wrong one,
        // which starts a back-off of 2 s.
        #expect(await login.check(user: "mira", password: "guess", client: "a") == .failed)
        #expect(await login.check(user: "mira", password: "wrong", client: "a") == .refused(.backingOff(retryAfter: .seconds(2))))
        #expect(await login.check(user: "mira", password: TestLogin.password, client: "a") == .refused(.backingOff(retryAfter: .seconds(2))))
        clock.advance(.milliseconds(1500))
        #expect(await login.check(user: "mira", password: TestLogin.password, client: "a") == .refused(.backingOff(retryAfter: .milliseconds(500))))
        // Other addresses, and other user names from this one, are not held back.
        #expect(await login.check(user: "mira", password: TestLogin.password, client: "b") == .passed)
        #expect(await login.check(user: "someone", password: TestLogin.password, client: "a") == .failed)
        #expect(await login.isBackingOff("a"))
        clock.advance(.milliseconds(500))
        #expect(await !login.isBackingOff("a"))
        #expect(await login.check(user: "mira", password: TestLogin.password, client: "a") == .passed)
        // The success forgave the caller: it has its free failures again.
        #expect(await login.check(user: "mira", password: "wrong", client: "a") == .failed)
    }

    /// Through the endpoint: a caller that backs off is answered with the too-many fault, not
    /// the bad-login one, and is logged apart; the right password works once the back-off ends.
    @Test func aCallerThatBacksOffGetsTheTooManyFaultThenLogsInAfterIt() async throws {
        try await ShimHarness.run { shim in
            _ = try await shim.success("blogger.getUserInfo", ["1"] + ShimHarness.login)
            let wrong: [XMLRPCValue] = ["1", .string(TestLogin.user), "wrong"]
            // The free failures and the first back-off's one try are checked; then a back-off
            // of 2 s refuses the next. (A machine that stalls for 2 s between two calls lets
            // one more be checked, with a longer back-off after it.)
            var faults: [XMLRPCFault] = []
            repeat {
                faults.append(try await shim.fault("blogger.getUserInfo", wrong))
            } while faults.last?.code == 403 && faults.count < 20
            #expect(faults.count >= LoginCheck.freeFailures + 2)
            #expect(faults.dropLast().allSatisfy { $0.code == 403 && $0.message.hasPrefix("Bad login") })
            let fault = try #require(faults.last)
            #expect(fault.code == 429)
            let prefix = "Too many failed logins: this login was not checked; try again in "
            #expect(fault.message.hasPrefix(prefix) && fault.message.hasSuffix(" s."), "\(fault.message)")
            #expect(Int(fault.message.dropFirst(prefix.count).dropLast(" s.".count)).map { $0 >= 1 && $0 <= 60 } == true, "\(fault.message)")
            let badLogins = shim.log.events.count { if case .badLogin(TestLogin.user, "127.0.0.1") = $0 { true } else { false } }
            let refused = shim.log.events.count { if case .loginRefused(TestLogin.user, "127.0.0.1") = $0 { true } else { false } }
            #expect((badLogins, refused) == (faults.count - 1, 1))
            try await eventually("the back-off to end") {
                switch try await shim.call("blogger.getUserInfo", ["1"] + ShimHarness.login) {
                case .success:
                    return true
                case .fault(let fault):
                    guard fault.code == 429 else { throw TestFailure(description: "the right password got \(fault.code) \(fault.message)") }
                    return false
                }
            }
        }
    }

    /// Guesses at the right user name, however many and however fast, get the free failures
    /// and then one check per back-off; the back-offs double up to a minute.
    @Test func guessesAreCheckedOncePerBackOff() async {
        let clock = TestClock()
        let login = LoginCheck(credentials: Credentials(user: "mira", passwordHash: TestLogin.hash), now: clock.now)
        #expect(await login.verify(user: "mira", password: TestLogin.password, client: "a"))
        let outcomes = await withTaskGroup(of: LoginCheck.Outcome.self) { group in
            for guess in 0..<500 {
                group.addTask { await login.check(user: "mira", password: "guess \(guess)", client: "a") }
            }
            var all: [LoginCheck.Outcome] = []
            for await outcome in group { all.append(outcome) }
            return all
        }
        // Five free failures, and the first back-off's one try of the remembered password.
        #expect(outcomes.count { $0 == .failed } == LoginCheck.freeFailures + 1)
        #expect(outcomes.count { $0 == .refused(.backingOff(retryAfter: .seconds(2))) } == 500 - LoginCheck.freeFailures - 1)
        for seconds in [2, 4, 8, 16, 32, 60, 60] {
            #expect(await login.check(user: "mira", password: "guess", client: "a") == .refused(.backingOff(retryAfter: .seconds(seconds))))
            clock.advance(.seconds(seconds) - .milliseconds(1))
            #expect(await login.check(user: "mira", password: TestLogin.password, client: "a") == .refused(.backingOff(retryAfter: .milliseconds(1))))
            clock.advance(.milliseconds(1))
            #expect(await login.check(user: "mira", password: "guess", client: "a") == .failed)
        }
    }

    /// 200 bad logins under another user name, 50 at a time, against a cost-10 hash, while the
    /// real user (already logged in, from the same address) keeps calling: every call of
    /// theirs passes, about as fast as without the flood. Prints the real user's latencies.
    @Test(.timeLimit(.minutes(10)))
    func aBadLoginFloodDoesNotSlowTheRealUser() async throws {
        let hash = PasswordHash.make(password: TestLogin.password, cost: 10)
        let blog = try TestBlog(settings: ["@metaweblog_user \(TestLogin.user)", "@metaweblog_password_hash \(hash.text)"], login: false)
        defer { blog.delete() }
        let shim = try await ShimHarness(blog: blog, loginDelay: .seconds(1))
        try await shim.whileRunning {
            _ = try await shim.success("blogger.getUserInfo", ["1"] + ShimHarness.login)
            let quietBefore = try await Self.medianLatency(of: shim)
            let longName = String(repeating: "x", count: 10_000)
            let floodEnded = Flag()
            let flood = Task {
                defer { floodEnded.set() }
                for _ in 0..<4 {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        for _ in 0..<50 {
                            group.addTask { _ = try await shim.fault("blogger.getUserInfo", ["1", .string(longName), "wrong"]) }
                        }
                        try await group.waitForAll()
                    }
                }
            }
            let badLogins = { shim.log.events.compactMap { if case .badLogin(let user, _) = $0 { user } else { nil } } }
            let refused = { shim.log.events.compactMap { if case .loginRefused(let user, _) = $0 { user } else { nil } } }
            try await eventually("the flood's bad logins") { badLogins().count >= LoginCheck.freeFailures }
            let floodBefore = badLogins().count + refused().count
            // A call every 20 ms or so, as a busy editor might, until the flood ends (300 at
            // most): calling flat out would load the machine the other tests share.
            var latencies: [Duration] = []
            while (!floodEnded.isSet && latencies.count < 300) || latencies.count < 20 {
                let start = ContinuousClock.now
                _ = try await shim.success("blogger.getUserInfo", ["1"] + ShimHarness.login)
                latencies.append(ContinuousClock.now - start)
                try await Task.sleep(for: .milliseconds(20))
            }
            try await flood.value
            // Every bad call is reported: checked and wrong, or refused unchecked once the
            // flood's caller backs off. No call of the real user is among them.
            #expect(badLogins().count + refused().count == 200)
            #expect(badLogins().count >= LoginCheck.freeFailures)
            #expect(refused().count > 0)
            #expect((badLogins() + refused()).allSatisfy { $0.count < 120 })
            // The real user's calls went on while the flood did.
            #expect(floodBefore < 200)
            // The timings are recorded, not judged: that the real user never waits for the
            // flood's checks is `theRealUserNeverWaitsForTheFloodsChecks`.
            let quietAfter = try await Self.medianLatency(of: shim)
            latencies.sort()
            let median = latencies[latencies.count / 2]
            print("LoginCheckTests: real user's \(latencies.count) calls during 200 bad logins (50 at a time): "
                  + "median \(median), max \(latencies.last!); without the flood: median \(quietBefore) before, \(quietAfter) after")
        }
    }

    /// What keeps a flood from slowing the real user, checked without a stopwatch: once the
    /// real user's password passed, no login of the flood's, at any pace and under other names,
    /// reaches the slow full check (the remembered hash or the back-off answers it), while
    /// every call of the real user among them passes.
    @Test func aFloodAfterTheRealUserLoggedInMakesNoFullCheck() async throws {
        let fullChecks = Counter()
        let login = LoginCheck(credentials: Credentials(user: "mira", passwordHash: TestLogin.hash), fullCheck: { user, password in
            fullChecks.add()
            return user == "mira" && password == TestLogin.password
        })
        #expect(await login.verify(user: "mira", password: TestLogin.password, client: "127.0.0.1"))
        #expect(fullChecks.value == 1)
        let outcomes = await withTaskGroup(of: (isRealUser: Bool, outcome: LoginCheck.Outcome).self) { group in
            for call in 0..<250 {
                if call % 5 == 0 {
                    group.addTask { (true, await login.check(user: "mira", password: TestLogin.password, client: "127.0.0.1")) }
                } else {
                    group.addTask { (false, await login.check(user: "x\(call % 7)", password: "wrong \(call)", client: "127.0.0.1")) }
                }
            }
            var all: [(isRealUser: Bool, outcome: LoginCheck.Outcome)] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(fullChecks.value == 1, "the flood's logins reached the full check")
        #expect(outcomes.filter(\.isRealUser).count == 50)
        #expect(outcomes.filter(\.isRealUser).allSatisfy { $0.outcome == .passed })
        #expect(!outcomes.filter { !$0.isRealUser }.contains { $0.outcome == .passed })
    }
}

extension LoginCheckTests {
    /// The median time of 20 calls of the real user.
    static func medianLatency(of shim: ShimHarness) async throws -> Duration {
        var latencies: [Duration] = []
        for _ in 0..<20 {
            let start = ContinuousClock.now
            _ = try await shim.success("blogger.getUserInfo", ["1"] + ShimHarness.login)
            latencies.append(ContinuousClock.now - start)
        }
        return latencies.sorted()[latencies.count / 2]
    }
}

/// Counts calls from any thread.
private final class Counter: Sendable {
    private let lock = NSLock()
    nonisolated(unsafe) private var count = 0

    func add() {
        lock.withLock { count += 1 }
    }

    var value: Int { lock.withLock { count } }
}

/// A clock for `LoginCheck` that moves only when told.
private final class TestClock: Sendable {
    private let lock = NSLock()
    private let start = ContinuousClock.now
    nonisolated(unsafe) private var offset: Duration = .zero

    /// The time now.
    var now: @Sendable () -> ContinuousClock.Instant {
        { [self] in lock.withLock { start + offset } }
    }

    func advance(_ duration: Duration) {
        lock.withLock { offset += duration }
    }
}
