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
            let result = try await Rsync.find().run(arguments)
            #expect(result.status == 0, "\(result.errors)")
            #expect(allFiles(in: root + "/target") == ["index.html"])
        }
    }

    /// Unattended, as the shim publishes, ssh may not ask for a password or wait on a host
    /// for long; rsync's own remote shell is kept otherwise, and for other kinds of target.
    @Test func anUnattendedRunGivesSSHBatchModeAndAConnectTimeout() throws {
        let shell = try DeployTarget("me@example.com:www", relativeTo: "/blog")
        let unattended = Rsync.arguments(.send, fileList: "/l", source: "/site", target: shell, dryRun: false, remoteShell: Rsync.unattendedShell())
        #expect(unattended.contains("--rsh=ssh -o BatchMode=yes -o ConnectTimeout=\(Rsync.connectTimeout)"))
        #expect(unattended.suffix(3) == ["--", "/site/", "me@example.com:www/"])
        #expect(Rsync.unattendedShell("ssh -p 2222") == "ssh -p 2222 -o BatchMode=yes -o ConnectTimeout=\(Rsync.connectTimeout)")
        #expect(!Rsync.arguments(.send, fileList: "/l", source: "/site", target: shell, dryRun: false).contains { $0.hasPrefix("--rsh") })
        for text in ["/srv/www", "rsync://example.com/site"] {
            let other = try DeployTarget(text, relativeTo: "/blog")
            #expect(!Rsync.arguments(.send, fileList: "/l", source: "/site", target: other, dryRun: false, remoteShell: Rsync.unattendedShell()).contains { $0.hasPrefix("--rsh") })
        }
    }

    @Test func sshsLoginFailuresReadAsNeedingAKey() {
        #expect(Rsync.needsKey("me@host: Permission denied (publickey,password).\nrsync: connection unexpectedly closed"))
        #expect(Rsync.needsKey("Host key verification failed.\r\nrsync: connection unexpectedly closed"))
        #expect(!Rsync.needsKey("ssh: connect to host example.com port 22: Connection timed out"))
        #expect(!Rsync.needsKey("rsync: [receiver] mkdir \"/srv/www\" failed: Permission denied (13)"))
    }
}
