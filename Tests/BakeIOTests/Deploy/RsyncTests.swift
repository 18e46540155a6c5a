@testable import BakeIO
import BakeTestSupport
import Foundation
import Testing

/// The real rsync, run with the arguments a deploy gives it.
@Suite struct RsyncTests {
    /// A temp file that a writer left in the site is never sent, even when the list names it.
    @Test func neverSendsATempFileOfBakes() async throws {
        try await withTemporaryFolder { root in
            // The names `FileIO` writes under, with mkstemp's six characters filled in.
            let temps = [String(StaleTempFiles.tempName(for: "index.html").dropLast(6)) + "a1B2c3",
                         "2014/03/31/" + String(StaleTempFiles.tempName(for: "a.html").dropLast(6)) + "Zz9Yy8"]
            for temp in temps {
                try write("<p>Half</p>\n", to: "site/" + temp, in: root)
            }
            try write("<p>Hi</p>\n", to: "site/index.html", in: root)
            try Data(DeployPlan.fileList(["index.html"] + temps)).write(to: URL(fileURLWithPath: root + "/list"))
            try FileManager.default.createDirectory(atPath: root + "/target", withIntermediateDirectories: true)
            let target = try DeployTarget(root + "/target", relativeTo: root)
            let arguments = Rsync.arguments(.send, fileList: root + "/list", source: root + "/site", target: target, dryRun: false)
            // In a full test run this can take many seconds (rsync's output is read until every
            // copy of the pipe is closed, and other tests start child processes meanwhile), so
            // it runs off the small cooperative pool, where it would hold up other tests.
            let result = try await onThread { try Rsync.find().run(arguments) }
            #expect(result.status == 0, "\(result.errors)")
            #expect(allFiles(in: root + "/target") == ["index.html"])
        }
    }
}
