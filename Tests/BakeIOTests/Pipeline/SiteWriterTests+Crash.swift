import BakeIO
import BakeKit
import BakeTestSupport
import Foundation
import Testing

/// What a build killed part-way leaves, and how the next one takes it back.
extension SiteWriterTests {
    /// Killed after writing a new page and before saving the manifest: the page is bake's,
    /// not a stranger's, and the next build finishes the job without anyone deleting files.
    @Test func aKilledBuildsNewPagesAreTakenBack() async throws {
        try await withTemporaryFolder { root in
            let output = root + "/site"
            try await writeSite(["index.html": "home"], to: output)
            // What the killed build had done: the pending list, one new page, one half-written temp file.
            try write("bake-pending 1\nnew.html\n", to: SiteManifest.pendingFileName, in: output)
            try write("the new page, as the killed build wrote it", to: "new.html", in: output)
            let temp = ".index.html.bake-\(try await deadProcessID())-Ab12Cd"
            try write("half", to: temp, in: output)

            let result = try await writeSite(["index.html": "home 2", "new.html": "the new page"], to: output)
            #expect(result.written == ["index.html", "new.html"])
            #expect(allFiles(in: output) == [".bake-manifest", "index.html", "new.html"], "the temp file and the pending list are gone")
            #expect(try read("new.html", in: output) == "the new page")
        }
    }

    /// Killed during a first build into an empty folder: no manifest yet, but the pending list says whose files these are.
    @Test func aKilledFirstBuildIsTakenBackAndWhatItNoLongerMakesRemoved() async throws {
        try await withTemporaryFolder { root in
            let output = root + "/site"
            try write("bake-pending 1\nindex.html\nold.html\n", to: SiteManifest.pendingFileName, in: output)
            try write("half a site", to: "index.html", in: output)
            try write("a page the blog no longer has", to: "old.html", in: output)

            let result = try await writeSite(["index.html": "home"], to: output)
            #expect(result.written == ["index.html"])
            #expect(allFiles(in: output) == [".bake-manifest", "index.html"])
        }
    }

    /// The pending list vouches only for what it names: a stranger's file is still refused.
    @Test func aStrangersFileIsStillRefusedAfterACrash() async throws {
        try await withTemporaryFolder { root in
            let output = root + "/site"
            try await writeSite(["index.html": "home"], to: output)
            try write("bake-pending 1\nnew.html\n", to: SiteManifest.pendingFileName, in: output)
            try write("mine", to: "notes.html", in: output)
            let writer = SiteWriter(output: output)
            await #expect(throws: BuildFailure.self) {
                try await writer.write(items(["index.html": "home", "notes.html": "bake's notes"]), previous: try writer.existingManifest())
            }
            #expect(try read("notes.html", in: output) == "mine")
        }
    }

    /// A temp file whose writer is still at work is left alone; so is a file that merely looks alike.
    @Test func onlyTheTempFilesOfDeadWritersAreSwept() async throws {
        try await withTemporaryFolder { root in
            let dead = try await deadProcessID()
            let names = [
                "a/.index.html.bake-\(dead)-Ab12Cd",                 // a dead writer's: swept
                "a/.index.html.bake-\(getpid())-Xy34Zw",             // this process's, at work: kept
                "a/.index.html.bake-1-Qq11Qq",                       // init's, alive: kept
                "a/index.bake-\(dead)-Ab12Cd",                       // not hidden: not bake's
                "a/.notes.bake-\(dead)-too-long",                    // not the pattern: kept
            ]
            for name in names { try write("x", to: name, in: root) }
            let removed = StaleTempFiles.remove(in: root)
            #expect(removed == ["a/.index.html.bake-\(dead)-Ab12Cd"])
            #expect(allFiles(in: root).count == names.count - 1)
        }
    }
}
