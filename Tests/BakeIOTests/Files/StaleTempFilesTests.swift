@testable import BakeIO
import BakeTestSupport
import Foundation
import Testing

@Suite struct StaleTempFilesTests {
    @Test func readsTheWriterFromBakesTempNamesOnly() {
        #expect(StaleTempFiles.writer(ofTempName: ".hello.markdown.bake-4242-a1B2c3") == 4242)
        #expect(StaleTempFiles.writer(ofTempName: "..bake-4242-a1B2c3") == nil)
        #expect(StaleTempFiles.writer(ofTempName: ".hello.markdown.bake-a1B2c3") == nil)
        #expect(StaleTempFiles.writer(ofTempName: "hello.markdown.bake-4242-a1B2c3") == nil)
        #expect(StaleTempFiles.writer(ofTempName: ".hello.markdown.bake-4242-a1B2c") == nil)
        #expect(StaleTempFiles.writer(ofTempName: ".hello.markdown.bake--1-a1B2c3") == nil)
        #expect(StaleTempFiles.writer(ofTempName: ".hello.markdown.bake-12-a1B2c3.html") == nil)
    }

    @Test func removesOnlyTempFilesWhoseWriterIsGone() async throws {
        try await withTemporaryFolder { root in
            let gone = try await deadProcessID()
            let running = ProcessInfo.processInfo.processIdentifier
            try write("x", to: "2014/03/31/.a.markdown.bake-\(gone)-abcDEF", in: root)
            try write("x", to: "2014/03/31/.b.markdown.bake-\(running)-abcDEF", in: root)
            try write("x", to: "2014/03/31/.b.markdown.bake-XYZabc", in: root)
            try write("x", to: "2014/03/31/b.markdown", in: root)
            #expect(StaleTempFiles.remove(in: root) == ["2014/03/31/.a.markdown.bake-\(gone)-abcDEF"])
            #expect(Set(allFiles(in: root)) == ["2014/03/31/.b.markdown.bake-XYZabc", "2014/03/31/.b.markdown.bake-\(running)-abcDEF", "2014/03/31/b.markdown"])
        }
    }

    /// The folders Pagefind works in beside the site: a killed build's go, with what they hold
    /// (links to the site's pages among it, which stay); a running build's, and anything else, stay.
    @Test func removesOnlyTempFoldersWhoseMakerIsGone() async throws {
        try await withTemporaryFolder { root in
            let gone = try await deadProcessID()
            let running = ProcessInfo.processInfo.processIdentifier
            try write("<p>a page</p>", to: "site/index.html", in: root)
            try write("x", to: ".site.pagefind.bake-\(gone)-abcDEF/2014/fragment/en_1.pf_fragment", in: root)
            try FileManager.default.createSymbolicLink(atPath: root + "/.site.pagefind.bake-\(gone)-abcDEF/index.html", withDestinationPath: root + "/site/index.html")
            try write("x", to: ".site.pagefind.bake-\(running)-abcDEF/pagefind.js", in: root)
            try write("x", to: ".other.pagefind.bake-\(gone)-abcDEF/pagefind.js", in: root)
            try write("x", to: ".site.pagefind.bake-\(gone)-abcDE/pagefind.js", in: root)
            try write("x", to: ".site.pagefind.bake-\(gone)-xyzXYZ", in: root)
            #expect(StaleTempFiles.removeFolders(in: root, madeFor: "site.pagefind") == [".site.pagefind.bake-\(gone)-abcDEF"])
            #expect(Set(allFiles(in: root)) == [
                "site/index.html", ".site.pagefind.bake-\(running)-abcDEF/pagefind.js", ".other.pagefind.bake-\(gone)-abcDEF/pagefind.js",
                ".site.pagefind.bake-\(gone)-abcDE/pagefind.js", ".site.pagefind.bake-\(gone)-xyzXYZ",
            ])
            #expect(try read("site/index.html", in: root) == "<p>a page</p>")
        }
    }

    @Test func writesTempFilesUnderThisProcess() throws {
        // The name `FileIO` writes "a.txt" under names this process, so no sweep takes it.
        #expect(StaleTempFiles.writer(ofTempName: StaleTempFiles.tempName(for: "a.txt")) == getpid())
        try withTemporaryFolder { root in
            try FileIO.writeAtomically(Array("x".utf8), to: root + "/a.txt")
            // Nothing left behind, and nothing of a running writer is swept.
            #expect(StaleTempFiles.remove(in: root).isEmpty)
            #expect(allFiles(in: root) == ["a.txt"])
            // A temp file this process is still filling, as mkstemp names it, stays.
            let filling = String(StaleTempFiles.tempName(for: "b.txt").dropLast(6)) + "q1W2e3"
            try write("half", to: filling, in: root)
            #expect(StaleTempFiles.remove(in: root).isEmpty)
            #expect(allFiles(in: root) == [filling, "a.txt"])
        }
    }
}
