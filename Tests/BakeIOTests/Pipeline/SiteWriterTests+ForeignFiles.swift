import BakeIO
import BakeKit
import BakeTestSupport
import Foundation
import Testing

extension SiteWriterTests {
    @Test func aFileBakeDidNotWriteIsNeverReplaced() async throws {
        try await withTemporaryFolder { root in
            let blog = root + "/blog"
            try makeBlog(goodBlog, in: blog)
            _ = try await bake(blog, into: root + "/site").summary()
            // Someone puts a file where a new page will go, then the page is added.
            try write("<p>Mine.</p>\n", to: "colophon.html", in: root + "/site")
            try write("@title Colophon\n\nBaked.\n", to: "pages/colophon.markdown", in: blog)
            let before = try snapshot(root + "/site")
            let problems = await bake(blog, into: root + "/site").problems()
            #expect(problems == ["\(root)/site/colophon.html: is in the way: bake did not write it and will not replace it; expected you to move or delete it"])
            #expect(try snapshot(root + "/site") == before)
        }
    }

    /// A folder of the site replaced by a link to another place: bake neither writes nor
    /// removes anything through it, and says which folder it is, once.
    @Test func aFolderOfTheSiteThatIsALinkIsNeitherWrittenNorSweptThrough() async throws {
        try await withTemporaryFolder { root in
            let blog = root + "/blog"
            try makeBlog(goodBlog, in: blog)
            _ = try await bake(blog, into: root + "/site").summary()
            try write("<p>Mine.</p>\n", to: "outside/hello.html", in: root)
            try write("<p>Mine too.</p>\n", to: "outside/second.html", in: root)
            try FileManager.default.removeItem(atPath: root + "/site/2014/03/31")
            try FileManager.default.createSymbolicLink(atPath: root + "/site/2014/03/31", withDestinationPath: root + "/outside")
            let refusal = "\(root)/site/2014/03/31: is a link to another folder, and bake writes and removes files only in the site's own folders; expected a folder (remove the link, and bake makes the folder)"
            // Both pages of that day are to be written again, through the link.
            let failure = await bake(blog, into: root + "/site")
            #expect(failure.problems() == [refusal])
            #expect(try read("outside/hello.html", in: root) == "<p>Mine.</p>\n")
            #expect(allFiles(in: root + "/outside") == ["hello.html", "second.html"])
            // Both posts of the day go: nothing is written there, and their pages would be
            // swept, through the link.
            try FileManager.default.removeItem(atPath: blog + "/posts/2014/03/31/hello.markdown")
            try FileManager.default.removeItem(atPath: blog + "/posts/2014/03/31/second.md")
            #expect(await bake(blog, into: root + "/site").problems() == [refusal])
            #expect(try read("outside/hello.html", in: root) == "<p>Mine.</p>\n")
            #expect(try read("outside/second.html", in: root) == "<p>Mine too.</p>\n")
            // The link gone, bake makes the folder and the site is whole again.
            try FileManager.default.removeItem(atPath: root + "/site/2014/03/31")
            _ = try await bake(blog, into: root + "/site").summary()
            _ = try await bake(blog, into: root + "/clean").summary()
            try expectSameSite(root + "/site", root + "/clean")
            #expect(try read("outside/hello.html", in: root) == "<p>Mine.</p>\n")
            #expect(try read("outside/second.html", in: root) == "<p>Mine too.</p>\n")
        }
    }

    /// A linked folder that already holds, byte for byte, the pages a new post adds there:
    /// they are still not the site's, so bake neither takes them as its own nor records them.
    @Test func pagesPastALinkedFolderAreNotTakenAsBakesEvenWhenTheyMatch() async throws {
        try await withTemporaryFolder { root in
            let blog = root + "/blog"
            try makeBlog(goodBlog, in: blog)
            _ = try await bake(blog, into: root + "/site").summary()
            try write("@title May\n@pubDate 2014-05-01 09:00:00 -0700\n\nA new month.\n", to: "posts/2014/05/01/may.markdown", in: blog)
            // What a clean build makes under 2014/05, copied to another place, and linked.
            _ = try await bake(blog, into: root + "/clean").summary()
            try FileManager.default.copyItem(atPath: root + "/clean/2014/05", toPath: root + "/outside")
            let outside = try snapshot(root + "/outside")
            #expect(!outside.isEmpty)
            try FileManager.default.createSymbolicLink(atPath: root + "/site/2014/05", withDestinationPath: root + "/outside")
            let problems = await bake(blog, into: root + "/site").problems()
            #expect(problems == ["\(root)/site/2014/05: is a link to another folder, and bake writes and removes files only in the site's own folders; expected a folder (remove the link, and bake makes the folder)"])
            #expect(try snapshot(root + "/outside") == outside)
            let manifest = try #require(SiteManifest(bytes: try FileIO.read(root + "/site/" + SiteManifest.fileName)))
            #expect(!manifest.records.keys.contains { $0.hasPrefix("2014/05/") })
            // The link gone, bake makes the folder, and the site equals a clean build.
            try FileManager.default.removeItem(atPath: root + "/site/2014/05")
            _ = try await bake(blog, into: root + "/site").summary()
            try expectSameSite(root + "/site", root + "/clean")
            #expect(try snapshot(root + "/outside") == outside)
        }
    }

    /// A link where a new page goes is someone else's, even when what it points to is not there.
    @Test func aDanglingLinkWhereAPageGoesIsInTheWay() async throws {
        try await withTemporaryFolder { root in
            let blog = root + "/blog"
            try makeBlog(goodBlog, in: blog)
            _ = try await bake(blog, into: root + "/site").summary()
            try FileManager.default.createSymbolicLink(atPath: root + "/site/colophon.html", withDestinationPath: root + "/nowhere.html")
            try write("@title Colophon\n\nBaked.\n", to: "pages/colophon.markdown", in: blog)
            let problems = await bake(blog, into: root + "/site").problems()
            #expect(problems == ["\(root)/site/colophon.html: is in the way: bake did not write it and will not replace it; expected you to move or delete it"])
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: root + "/site/colophon.html") == root + "/nowhere.html")
        }
    }

    /// A folder bake did not make is refused before anything in it is touched, even a file
    /// named like a temp file of bake's.
    @Test func aFolderBakeDidNotMakeKeepsFilesNamedLikeBakesTempFiles() async throws {
        try await withTemporaryFolder { root in
            let blog = root + "/blog"
            try makeBlog(goodBlog, in: blog)
            let gone = try await deadProcessID()
            try write("keep", to: "notmine/keep.txt", in: root)
            try write("precious", to: "notmine/.notes.bake-\(gone)-abcDEF", in: root)
            let problems = await bake(blog, into: root + "/notmine").problems()
            #expect(problems.count == 1)
            #expect(problems.first?.contains("was not made by bake") == true)
            #expect(Set(allFiles(in: root + "/notmine")) == ["keep.txt", ".notes.bake-\(gone)-abcDEF"])
            // A killed first build's own temp file of the pending list is still tidied away.
            try FileManager.default.removeItem(atPath: root + "/notmine")
            try write("", to: "empty/..bake-manifest.pending.bake-\(gone)-abcDEF", in: root)
            _ = try await bake(blog, into: root + "/empty").summary()
            #expect(!FileIO.exists(root + "/empty/..bake-manifest.pending.bake-\(gone)-abcDEF"))
        }
    }
}
