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
            // A process that has ended: its ID is free until the system reuses it.
            let ended = try await BackgroundProgram.start("/bin/true", [])
            try await ended.exit()
            let gone = ended.pid
            let running = ProcessInfo.processInfo.processIdentifier
            try write("x", to: "2014/03/31/.a.markdown.bake-\(gone)-abcDEF", in: root)
            try write("x", to: "2014/03/31/.b.markdown.bake-\(running)-abcDEF", in: root)
            try write("x", to: "2014/03/31/.b.markdown.bake-XYZabc", in: root)
            try write("x", to: "2014/03/31/b.markdown", in: root)
            #expect(StaleTempFiles.remove(in: root) == ["2014/03/31/.a.markdown.bake-\(gone)-abcDEF"])
            #expect(Set(allFiles(in: root)) == ["2014/03/31/.b.markdown.bake-XYZabc", "2014/03/31/.b.markdown.bake-\(running)-abcDEF", "2014/03/31/b.markdown"])
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
