import BakeIO
import Testing

@Suite struct RsyncReportTests {
    /// What rsync 3.2 prints with `--itemize-changes --stats --no-human-readable` when it pushes
    /// to a daemon: `<f` for files sent, `*deleting` for deletions, `cd` for folders made.
    static let daemonOutput = """
    *deleting   2019/06/20/gone.html
    <f+++++++++ two words.html
    cd+++++++++ a/
    <fcsT...... a/one.html
    .f...p..... same.html

    Number of files: 4 (reg: 3, dir: 1)
    Number of created files: 3 (reg: 2, dir: 1)
    Number of deleted files: 0
    Number of regular files transferred: 2
    Total file size: 12345 bytes
    Total transferred file size: 4096 bytes
    Literal data: 4 bytes
    Total bytes sent: 2232
    Total bytes received: 79

    sent 2232 bytes  received 79 bytes  622.00 bytes/sec
    """

    @Test func readsFilesSentAndDeletedAndBytes() {
        let report = RsyncReport(output: Self.daemonOutput)
        #expect(report.sent == ["two words.html", "a/one.html"])
        #expect(report.deleted == ["2019/06/20/gone.html"])
        #expect(report.bytesSent == 2232)
        #expect(report.transferredSize == 4096)
    }

    @Test func readsALocalCopy() {
        let report = RsyncReport(output: ">f+++++++++ index.html\n>f.st...... feed.json\n")
        #expect(report.sent == ["index.html", "feed.json"])
        #expect(report.bytesSent == 0)
    }

    @Test func saysWhyItFailedInOneLine() {
        #expect(ProgramMessages.rsync.reason(in: """
        rsync: [sender] failed to connect to 127.0.0.1 (127.0.0.1): Connection refused (111)
        rsync error: error in socket IO (code 10) at clientserver.c(139) [sender=3.2.7]

        """) == "rsync: [sender] failed to connect to 127.0.0.1 (127.0.0.1): Connection refused (111)")
        #expect(ProgramMessages.rsync.reason(in: """
        ssh: Could not resolve hostname nohost.invalid: Name or service not known
        rsync: connection unexpectedly closed (0 bytes received so far) [sender]
        rsync error: unexplained error (code 255) at io.c(232) [sender=3.2.7]
        """) == "ssh: Could not resolve hostname nohost.invalid: Name or service not known")
        #expect(ProgramMessages.rsync.reason(in: "rsync error: some error (code 1)\n") == "rsync error: some error (code 1)")
        #expect(ProgramMessages.rsync.reason(in: "") == "no message")
    }

    @Test func neverAsksRsyncToDeleteByItself() throws {
        let target = try DeployTarget("rsync://example.com/site", relativeTo: "/")
        for pass in [Rsync.Pass.send, .delete] {
            let arguments = Rsync.arguments(pass, fileList: "/blog/.bake-cache/deploy/list", source: "/blog/site", target: target, dryRun: true)
            #expect(!arguments.contains { $0.hasPrefix("--delete") && $0 != "--delete-missing-args" })
            #expect(!arguments.contains("-a") && !arguments.contains("--archive") && !arguments.contains("--recursive"))
            for expected in ["--files-from=/blog/.bake-cache/deploy/list", "--from0", "--exclude=.bake-manifest", "--exclude=\(StaleTempFiles.rsyncPattern)", "--dry-run"] {
                #expect(arguments.contains(expected), "\(expected)")
            }
            #expect(arguments.suffix(3) == ["--", "/blog/site/", "rsync://example.com/site/"])
        }
        let send = Rsync.arguments(.send, fileList: "list", source: "/blog/site", target: target, dryRun: false)
        #expect(send.contains("--checksum") && send.contains("--chmod=D755,F644") && send.contains("--ignore-missing-args"))
        #expect(!send.contains("--delete-missing-args") && !send.contains("--dry-run"))
        // Deleting changes no folder's permissions.
        #expect(!Rsync.arguments(.delete, fileList: "list", source: "/skeleton", target: target, dryRun: false).contains("--perms"))
    }
}
