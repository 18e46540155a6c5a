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

/// `GET /token` checks tokens as `/micropub` does, with the same back-off per caller: it is
/// no way round it to try tokens quickly.
@Suite(.timeLimit(.minutes(10)))
struct TokenVerificationBackOffTests {
    @Test func badTokensAtTheTokenEndpointBackOffAsAtMicropub() async throws {
        try await ShimHarness.run { shim in
            var statuses: [Int] = []
            for attempt in 0..<(TokenCheck.freeFailures + 3) {
                let reply = try await TestHTTP.request("GET", "/token", port: shim.port, headers: ["Authorization": "Bearer bake_guess\(attempt)"])
                statuses.append(reply.status)
                if reply.status == 429 { #expect(reply.headers["retry-after"] != nil) }
            }
            #expect(statuses.prefix(TokenCheck.freeFailures).allSatisfy { $0 == 401 })
            #expect(statuses.last == 429, "\(statuses)")
            // The same caller is backed off at Micropub too: one back-off, not one per door.
            let micropub = try await TestHTTP.request("GET", "/micropub?q=config", port: shim.port, headers: ["Authorization": "Bearer bake_guess"])
            #expect(micropub.status == 429)
        }
    }
}
