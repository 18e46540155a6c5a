import Foundation
@testable import MetaWeblog
import Testing

/// Codes are single-use, short-lived and bound; the clock is the test's.
@Suite struct AuthorizationCodesTests {
    static let verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
    static let grant = AuthorizationCodes.Grant(
        clientID: "https://app.example/", redirectURI: "https://app.example/cb",
        codeChallenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM", scopes: [.create]
    )

    @Test func aCodeRedeemsOnceWithItsVerifier() async throws {
        let codes = AuthorizationCodes()
        let code = await codes.issue(Self.grant)
        let grant = try await codes.redeem(code, clientID: Self.grant.clientID, redirectURI: Self.grant.redirectURI, verifier: Self.verifier)
        #expect(grant == Self.grant)
        await #expect(throws: IndieAuthError.self) {
            try await codes.redeem(code, clientID: Self.grant.clientID, redirectURI: Self.grant.redirectURI, verifier: Self.verifier)
        }
    }

    @Test func aCodeExpiresAfterItsLifetime() async throws {
        let clock = CodeClock()
        let codes = AuthorizationCodes(now: { clock.now })
        let code = await codes.issue(Self.grant)
        clock.advance(AuthorizationCodes.lifetime)
        await #expect(throws: IndieAuthError(.invalidGrant("the code expired; codes last 60 s"))) {
            try await codes.redeem(code, clientID: Self.grant.clientID, redirectURI: Self.grant.redirectURI, verifier: Self.verifier)
        }
    }

    @Test func aCodeIsBoundToItsClient() async throws {
        let codes = AuthorizationCodes()
        let code = await codes.issue(Self.grant)
        await #expect(throws: IndieAuthError.self) {
            try await codes.redeem(code, clientID: "https://other.example/", redirectURI: Self.grant.redirectURI, verifier: Self.verifier)
        }
    }
}

/// A clock that moves only when told.
private final class CodeClock: @unchecked Sendable {
    private let lock = NSLock()
    private var instant = ContinuousClock.now

    var now: ContinuousClock.Instant { lock.withLock { instant } }

    func advance(_ duration: Duration) {
        lock.withLock { instant += duration }
    }
}
