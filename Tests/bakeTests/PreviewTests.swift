import BakeTestSupport
import Foundation
import Testing

/// `bake preview`, run as a user runs it.
@Suite(.timeLimit(.minutes(10)))
struct PreviewTests {
    /// What `bake build` warns of after a build, preview warns of after its first.
    @Test func warnsOfMissingPodcastSettingsOnceAfterTheFirstBuild() async throws {
        let blog = try TestBlog(prefix: "bake-preview-test-", settings: ["@itunes_category Technology", "@itunes_explicit false"])
        defer { blog.delete() }
        try blog.write("@title Episode 1\n@pubDate 2024-05-01 09:00:00\n@enclosure /media/ep1.mp3\n\nShow notes.\n", to: "posts/2024/05/01/episode-1.markdown")
        let preview = try await PreviewProcess(blog: blog.root)
        await preview.stop()
        let warnings = preview.printed.split(separator: "\n").filter { $0.contains("warning: the feeds hold podcast episodes") }
        #expect(warnings.count == 1, "\(preview.printed)")
        #expect(warnings.first?.hasPrefix("site.settings: warning: ") == true)
        #expect(warnings.first?.contains("`@itunes_image ") == true)
    }
}
