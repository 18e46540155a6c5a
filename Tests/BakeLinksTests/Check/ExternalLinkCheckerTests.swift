import BakeIO
@testable import BakeLinks
import BakeKit
import BakeTestSupport
import Foundation
import LinkCheck
import Testing

/// `ExternalLinkChecker` against a real web server on loopback (`LinkServer`), through curl.
@Suite struct ExternalLinkCheckerTests {
    let now = Timestamp(seconds: 1_800_000_000)

    func checker(cache: String? = nil, now: Timestamp? = nil, timeout: Duration = .seconds(10)) throws -> ExternalLinkChecker {
        ExternalLinkChecker(curl: try Curl.find(), cachePath: cache, now: now ?? self.now, timeout: timeout)
    }

    @Test func tellsSuccessesFromFailuresAndFollowsRedirects() async throws {
        let server = try await LinkServer.start()
        defer { server.stop() }
        let outcomes = try await checker().check(["/ok", "/missing", "/moved", "/moved-to-missing", "/loop", "/no-head"].map(server.url))
        #expect(outcomes[server.url("/ok")] == .ok)
        #expect(outcomes[server.url("/missing")] == .broken("HTTP 404"))
        #expect(outcomes[server.url("/moved")] == .moved(to: server.url("/ok"), status: 301))
        #expect(outcomes[server.url("/moved-to-missing")] == .broken("redirects to \(server.url("/missing")), which gives HTTP 404"))
        #expect(outcomes[server.url("/loop")] == .broken("redirects in a loop (\(server.url("/loop")))"))
        #expect(outcomes[server.url("/no-head")] == .ok)
        let requests = try await server.stats().requests
        // HEAD first; GET only where HEAD failed.
        #expect(requests.filter { $0.hasSuffix(" /ok") } == ["HEAD /ok", "HEAD /ok"])
        #expect(requests.filter { $0.hasSuffix(" /no-head") } == ["HEAD /no-head", "GET /no-head"])
        #expect(requests.filter { $0.hasSuffix(" /missing") } == ["HEAD /missing", "GET /missing", "HEAD /missing", "GET /missing"])
    }

    @Test func aServerThatNeverAnswersTimesOut() async throws {
        let server = try await LinkServer.start()
        defer { server.stop() }
        let outcomes = try await checker(timeout: .milliseconds(500)).check([server.url("/hang")])
        #expect(outcomes[server.url("/hang")] == .broken("no answer in 0.5 s"))
    }

    @Test func aHostThatRefusesConnectionsIsBroken() async throws {
        // A port bound and never listening, held through the check: another test's server
        // cannot take it meanwhile, as it could take a port that was only free when asked.
        let refusing = try RefusingPort()
        let url = "http://127.0.0.1:\(refusing.port)/ok"
        defer { withExtendedLifetime(refusing) {} }
        let outcomes = try await checker(timeout: .seconds(5)).check([url])
        guard case .broken(let reason) = outcomes[url] else {
            Issue.record("expected a broken link, got \(String(describing: outcomes[url]))")
            return
        }
        #expect(reason.contains("onnect"))
    }

    @Test func noMoreThanTwoRequestsAtOnceGoToOneHost() async throws {
        let server = try await LinkServer.start()
        defer { server.stop() }
        let limiter = HostLimiter(total: 8, perHost: 2)
        let urls = (1...6).map { server.url("/held/\($0)") }
        let outcomes = try await checker().check(urls, limiter: limiter)
        #expect(urls.allSatisfy { outcomes[$0] == .ok })
        // The server holds each request until three are open or half a second passed.
        #expect(try await server.stats().mostHeld <= 2)
        #expect(await limiter.mostAtOnce["127.0.0.1:\(server.port)"] == 2)
    }

    @Test func successesAreKeptForAWeekAndFailuresAskedAgain() async throws {
        let server = try await LinkServer.start()
        defer { server.stop() }
        let folder = try temporaryFolder(prefix: "bake-link-cache-")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cache = folder + "/.bake-cache/links"
        let urls = ["/ok", "/moved", "/missing"].map(server.url)
        _ = try await checker(cache: cache).check(urls)
        let asked = try await server.stats().requests.count

        // Six days later: only the failure is asked about again; the redirect is still reported.
        let later = try await checker(cache: cache, now: Timestamp(seconds: now.seconds + 6 * 24 * 3600)).check(urls)
        #expect(later[server.url("/moved")] == .moved(to: server.url("/ok"), status: 301))
        let again = try await server.stats().requests.dropFirst(asked)
        #expect(Array(again) == ["HEAD /missing", "GET /missing"])

        // Eight days after the first check, everything is asked about again.
        _ = try await checker(cache: cache, now: Timestamp(seconds: now.seconds + 8 * 24 * 3600)).check(urls)
        let third = try await server.stats().requests.dropFirst(asked + 2)
        #expect(Set(third) == ["HEAD /ok", "HEAD /moved", "HEAD /missing", "GET /missing"])
    }
}
