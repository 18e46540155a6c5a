import BakeIO
import BakeTestSupport
import Foundation
import MetaWeblog
import Testing

/// The login every test blog has.
enum TestLogin {
    static let user = "mira"
    static let password = "correct horse & <battery> ✓"
    /// Made once per run, at bcrypt's cheapest cost so that tests stay fast; production
    /// hashes come from `hash-password`, at cost 10 or more.
    static let hash = PasswordHash.make(password: password, cost: 4)
}

/// Runs `body` with a fresh sample blog, deleted afterwards.
func withBlog(settings: [String] = [], _ body: (TestBlog) async throws -> Void) async throws {
    let blog = try TestBlog(settings: settings)
    defer { blog.delete() }
    try await body(blog)
}
