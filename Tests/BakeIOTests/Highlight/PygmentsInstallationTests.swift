@testable import BakeIO
import BakeTestSupport
import Foundation
import Testing

@Suite struct PygmentsInstallationTests {
    @Test func aRecordHoldsUntilWhatItWatchedChanges() throws {
        try withTemporaryFolder { root in
            let (python, packages, record) = (root + "/bin/python3", root + "/site-packages", root + "/cache/highlighter")
            try TestPython.script("exit 0", at: python)
            try FileManager.default.createDirectory(atPath: packages + "/pygments", withIntermediateDirectories: true)
            try Data("__version__ = '2.20.0'\n".utf8).write(to: URL(fileURLWithPath: packages + "/pygments/__init__.py"))
            let hello = PygmentsWorker.Hello.ready(version: "2.20.0", watched: [python, packages, packages + "/pygments/__init__.py", root + "/user-site"])
            try PygmentsInstallation(interpreter: python, hello: hello).write(to: record)

            let recorded = try #require(PygmentsInstallation.recorded(at: record, interpreter: python))
            #expect(recorded.version == "2.20.0")
            #expect(recorded.identity == "Pygments 2.20.0, worker \(PygmentsWorker.protocolVersion)")
            #expect(PygmentsInstallation.recorded(at: record, interpreter: root + "/other/python3") == nil, "another interpreter")
            #expect(PygmentsInstallation.recorded(at: record, interpreter: nil) == nil)

            // A package installed beside it, as pip or apt would.
            try FileManager.default.createDirectory(atPath: packages + "/pygments-2.21.0.dist-info", withIntermediateDirectories: true)
            #expect(PygmentsInstallation.recorded(at: record, interpreter: python) == nil)
        }
    }

    @Test func aFolderThatAppearsChangesTheRecord() throws {
        try withTemporaryFolder { root in
            let (python, record) = (root + "/python3", root + "/highlighter")
            try TestPython.script("exit 0", at: python)
            // The user's site-packages, which `pip install --user` makes.
            try PygmentsInstallation(interpreter: python, hello: .missing(watched: [root + "/user-site"])).write(to: record)
            let recorded = try #require(PygmentsInstallation.recorded(at: record, interpreter: python))
            #expect(recorded.version == nil)
            #expect(recorded.identity == "none")
            try FileManager.default.createDirectory(atPath: root + "/user-site", withIntermediateDirectories: true)
            #expect(PygmentsInstallation.recorded(at: record, interpreter: python) == nil)
        }
    }

    @Test func noInterpreterIsRecordedToo() throws {
        try withTemporaryFolder { root in
            try PygmentsInstallation(interpreter: nil, hello: nil).write(to: root + "/highlighter")
            #expect(PygmentsInstallation.recorded(at: root + "/highlighter", interpreter: nil)?.identity == "none")
            #expect(PygmentsInstallation.recorded(at: root + "/highlighter", interpreter: "/usr/bin/python3") == nil)
        }
    }

    @Test func aDamagedOrMissingRecordIsNone() throws {
        try withTemporaryFolder { root in
            #expect(PygmentsInstallation.recorded(at: root + "/highlighter", interpreter: nil) == nil)
            try Data("bake-highlighter 1 and then nonsense".utf8).write(to: URL(fileURLWithPath: root + "/highlighter"))
            #expect(PygmentsInstallation.recorded(at: root + "/highlighter", interpreter: nil) == nil)
        }
    }
}
