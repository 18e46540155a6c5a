import BakeTestSupport
import Foundation
import Testing

/// An upload killed mid-way (the shim killed while it wrote the file) leaves a temp file in
/// `static/media/`; the next start sweeps it, as it sweeps `posts/` and `drafts/`.
@Suite(.timeLimit(.minutes(10)))
struct StaleUploadTests {
    @Test func aKilledUploadsTempFileIsSweptAtStart() async throws {
        let blog = try TestBlog()
        defer { blog.delete() }
        // The name a writer that has ended gave its temp file: `.NAME.bake-PID-XXXXXX`.
        let ended = try await deadProcessID()
        let stale = "static/media/2024/05/.photo.jpg.bake-\(ended)-Ab12Cd"
        let kept = "static/media/2024/05/photo-2.jpg"
        try blog.write(String(repeating: "x", count: 100_000), to: stale)
        try blog.write("a photo", to: kept)
        let shim = try await ShimHarness(blog: blog)
        try await shim.whileRunning {}
        #expect(!blog.exists(stale))
        #expect(blog.exists(kept))
    }
}
