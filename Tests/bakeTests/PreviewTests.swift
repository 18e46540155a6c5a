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

    /// `bake preview` becomes `bake-preview`, installed beside it; without it, it says what to build.
    @Test func saysWhatToBuildWithoutBakePreview() async throws {
        try await withTemporaryFolder { root in
            try copySample(to: root + "/blog")
            let alone = URL(fileURLWithPath: root + "/bin/bake")
            try FileManager.default.createDirectory(atPath: root + "/bin", withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: try builtExecutable("bake"), to: alone)
            let result = try await runBake(["preview", "blog", "--port", "0"], in: root, executable: alone, environment: ["PATH": "/usr/bin:/bin"])
            #expect(result.status != 0)
            #expect(result.stderr == "bake: cannot preview: bake-preview is not installed; expected it beside bake or on the PATH (swift build -c release --product bake-preview builds it)\n")
            #expect(!FileManager.default.fileExists(atPath: root + "/blog/.bake-cache/preview"))
            // Its arguments are still bake's to check, with or without the server.
            let badPort = try await runBake(["preview", "blog", "--port", "70000"], in: root, executable: alone)
            #expect(badPort.status != 0)
            #expect(badPort.stderr.contains("--port 70000 is not a port; expected 0 to 65535"), "\(badPort.stderr)")
        }
    }
}
