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

    /// 200 bad logins, 50 at a time, against a cost-10 hash, while the real user (already
    /// logged in, from the same address) keeps calling. Prints the real user's latencies.
    @Test(.timeLimit(.minutes(2)))
    func aBadLoginFloodDoesNotSlowTheRealUser() async throws {
        let hash = PasswordHash.make(password: TestLogin.password, cost: 10)
        let blog = try TestBlog(settings: ["@metaweblog_user \(TestLogin.user)", "@metaweblog_password_hash \(hash.text)"], login: false)
        defer { blog.delete() }
        let shim = try await ShimHarness(blog: blog, loginDelay: .seconds(1))
        try await shim.whileRunning {
            _ = try await shim.success("blogger.getUserInfo", ["1"] + ShimHarness.login)
            let longName = String(repeating: "x", count: 10_000)
            let flood = Task {
                for _ in 0..<4 {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        for _ in 0..<50 {
                            group.addTask { _ = try await shim.fault("blogger.getUserInfo", ["1", .string(longName), "wrong"]) }
                        }
                        try await group.waitForAll()
                    }
                }
            }
            try await eventually("the flood to start", timeout: .seconds(20)) { !shim.log.events.isEmpty }
            var latencies: [Duration] = []
            for _ in 0..<20 {
                let start = ContinuousClock.now
                _ = try await shim.success("blogger.getUserInfo", ["1"] + ShimHarness.login)
                latencies.append(ContinuousClock.now - start)
            }
            try await flood.value
            let badLogins = shim.log.events.compactMap { if case .badLogin(let user, _) = $0 { user } else { nil } }
            #expect(badLogins.count == 200)
            #expect(badLogins.allSatisfy { $0.count < 120 })
            latencies.sort()
            print("LoginCheckTests: real user's calls during 200 bad logins (50 at a time): median \(latencies[10]), max \(latencies.last!)")
        }
    }
}
