@testable import BakeIO
import BakeKit
import BakeTestSupport
import Foundation
import Testing

/// A build told what changed (preview's watcher knows) looks at those paths instead of
/// walking the trees, and makes the site a full build makes.
@Suite struct TreeSnapshotTests {
    func bake(_ blog: String, into output: String, memory: BuildMemory, changed: [String]?) async throws -> BuildSummary {
        let options = BuildOptions(configuration: .load(BlogFolder(root: blog), overrides: .init(output: output)),
                                   now: testNow, changedPaths: changed)
        return try await SiteBuilder(options: options, memory: memory).build()
    }

    @Test func editsAdditionsAndDeletionsNamedByTheWatcherMakeTheSiteAFullBuildMakes() async throws {
        try await withTemporaryFolder { root in
            let blog = root + "/blog"
            try EntryStoreTests.blog(in: blog)
            let memory = BuildMemory()
            _ = try await bake(blog, into: root + "/site", memory: memory, changed: nil)

            let edited = EntryStoreTests.path(ofDay: 5)
            try write(try read(edited, in: blog).replacingOccurrences(of: "Post *5*.", with: "Edited."), to: edited, in: blog)
            try write("@title Newest\n@pubDate 2017-12-01 09:00:00 +0000\n\nNew.\n", to: "posts/2017/12/01/newest.markdown", in: blog)
            try FileIO.remove(blog + "/" + EntryStoreTests.path(ofDay: 7))
            try write("hello\n", to: "static/hello.txt", in: blog)
            let summary = try await bake(blog, into: root + "/site", memory: memory, changed: [
                edited, "posts/2017/12/01/newest.markdown", EntryStoreTests.path(ofDay: 7), "static/hello.txt",
                "posts/2017/12/01/.newest.markdown.swp", "site.settings",
            ])
            #expect(summary.posts == EntryStoreTests.postCount)
            #expect(try read("hello.txt", in: root + "/site") == "hello\n")
            _ = try await SiteBuilder(options: BuildOptions(blog: BlogFolder(root: blog), output: root + "/clean", clean: true, now: testNow)).build()
            try expectSameSite(root + "/site", root + "/clean")
        }
    }

    /// What the watcher does not name is not seen: the trees were not walked.
    @Test func aChangeTheWatcherDidNotNameIsNotSeenUntilAWalk() async throws {
        try await withTemporaryFolder { root in
            let blog = root + "/blog"
            try EntryStoreTests.blog(in: blog)
            let memory = BuildMemory()
            _ = try await bake(blog, into: root + "/site", memory: memory, changed: nil)
            try write("@title Unnamed\n@pubDate 2017-12-02 09:00:00 +0000\n\nNot named.\n", to: "posts/2017/12/02/unnamed.markdown", in: blog)
            let told = try await bake(blog, into: root + "/site", memory: memory, changed: ["pages/nothing.markdown"])
            #expect(told.posts == EntryStoreTests.postCount)
            let walked = try await bake(blog, into: root + "/site", memory: memory, changed: nil)
            #expect(walked.posts == EntryStoreTests.postCount + 1)
        }
    }

    /// A folder that changed, or a build that failed in between, takes a walk.
    @Test func aFolderOrAFailedBuildTakesAWalk() async throws {
        try await withTemporaryFolder { root in
            let blog = root + "/blog"
            try EntryStoreTests.blog(in: blog)
            let memory = BuildMemory()
            _ = try await bake(blog, into: root + "/site", memory: memory, changed: nil)
            try write("@title In a new folder\n@pubDate 2017-12-03 09:00:00 +0000\n\nNew folder.\n", to: "posts/2017/12/03/folder.markdown", in: blog)
            let folder = try await bake(blog, into: root + "/site", memory: memory, changed: ["posts/2017/12"])
            #expect(folder.posts == EntryStoreTests.postCount + 1)

            try write("@title Broken\n@pubDate someday\n\nBroken.\n", to: "posts/2017/12/04/broken.markdown", in: blog)
            await #expect(throws: BuildFailure.self) {
                _ = try await bake(blog, into: root + "/site", memory: memory, changed: ["posts/2017/12/04/broken.markdown"])
            }
            try FileIO.remove(blog + "/posts/2017/12/04/broken.markdown")
            try write("@title After\n@pubDate 2017-12-05 09:00:00 +0000\n\nAfter.\n", to: "posts/2017/12/05/after.markdown", in: blog)
            // Only the second change is named; the walk after the failure still sees both.
            let after = try await bake(blog, into: root + "/site", memory: memory, changed: ["posts/2017/12/05/after.markdown"])
            #expect(after.posts == EntryStoreTests.postCount + 2)
        }
    }
}
