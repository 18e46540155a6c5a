import BakeTestSupport
@testable import MetaWeblog
import Testing

/// Wrong passwords at the sign-in page back off sign-in, and only sign-in: the editor on the
/// same machine, calling XML-RPC with the right password, goes on as before.
@Suite(.timeLimit(.minutes(10)))
struct SignInBackOffTests {
    @Test func wrongPasswordsAtSignInNeverLockAnEditorOut() async throws {
        try await ShimHarness.run { shim in
            let form = [
                "response_type=code", "client_id=https%3A%2F%2Fapp.example%2F", "redirect_uri=https%3A%2F%2Fapp.example%2Fcallback",
                "state=s", "code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM", "code_challenge_method=S256", "scope=create",
                "password=not-it",
            ].joined(separator: "&")
            var statuses: [Int] = []
            for _ in 0..<(LoginCheck.freeFailures * 4) {
                let reply = try await TestHTTP.request("POST", "/auth", port: shim.port,
                                                       headers: ["Content-Type": "application/x-www-form-urlencoded"], body: Array(form.utf8))
                statuses.append(reply.status)
            }
            #expect(statuses.allSatisfy { $0 == 403 })
            // Sign-in backs off: the last wrong passwords were refused unchecked.
            let refused = shim.log.events.filter { if case .badSignIn = $0 { true } else { false } }
            #expect(refused.count == statuses.count)
            #expect(try await shim.success("blogger.getUserInfo", ["1"] + ShimHarness.login).structValue != nil)
            #expect(try await shim.success("metaWeblog.getRecentPosts", ["1"] + ShimHarness.login + [1]).arrayValue?.count == 1)
        }
    }
}

/// `GET /token` checks tokens as `/micropub` does, with the same back-off per caller (one
/// `TokenCheck` serves both): it is no way round it to try tokens quickly.
@Suite(.timeLimit(.minutes(10)))
struct TokenVerificationBackOffTests {
    @Test func badTokensAtTheTokenEndpointBackOff() async throws {
        try await ShimHarness.run { shim in
            var statuses: [Int] = []
            // The first bad tokens are checked, and wrong. Then the caller backs off, 1 s, 2 s,
            // 4 s … after each checked one: however slow the machine, a request soon lands in
            // a back-off and is refused. 40 tries cover back-offs up to the minute.
            while statuses.last != 429, statuses.count < 40 {
                let reply = try await TestHTTP.request("GET", "/token", port: shim.port, headers: ["Authorization": "Bearer bake_guess\(statuses.count)"])
                statuses.append(reply.status)
                if reply.status == 429 { #expect(reply.headers["retry-after"] != nil) }
            }
            #expect(statuses.prefix(TokenCheck.freeFailures) == ArraySlice(repeating: 401, count: TokenCheck.freeFailures))
            #expect(statuses.last == 429, "\(statuses)")
            #expect(statuses.allSatisfy { $0 == 401 || $0 == 429 })
        }
    }
}
