import BakeIO
import Testing

@Suite struct LoopbackTests {
    @Test func acceptsLocalhost127AndIPv6Loopback() {
        for host in ["127.0.0.1", "127.1.2.3", "127.255.255.255", "localhost", "LOCALHOST", "LocalHost", "::1", "[::1]"] {
            #expect(isLoopback(host), "\(host)")
        }
    }

    @Test func refusesEveryOtherHost() {
        // Names and addresses that only look like loopback at first glance.
        for host in ["0.0.0.0", "192.168.1.2", "127.0.0.1.example.com", "127.example.com", "127.0.0", "127.0.0.256", "127.0.0.-1", "128.0.0.1", "::", "[::]", "::2", "localhost.example.com", ""] {
            #expect(!isLoopback(host), "\(host)")
        }
    }
}
