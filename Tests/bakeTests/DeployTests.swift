import BakeTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `bake deploy`, run as a user runs it, against a folder and against an rsync daemon that the
/// test starts on a free loopback port.
@Suite(.timeLimit(.minutes(10)))
struct DeployTests {
    @Test(arguments: TargetKind.allCases)
    func aFirstDeployPublishesTheSiteAndDeletesNothing(kind: TargetKind) async throws {
        try await DeployFixture.with(kind) { fixture in
            try fixture.addForeignFiles()
            let result = try await fixture.deploy()
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr == "")
            let lines = result.stdout.split(separator: "\n")
            #expect(lines.count == 2)
            let match = try #require(lines.last.flatMap { $0.wholeMatch(of: publishedLine) }, "\(result.stdout)")
            #expect(match.output.1 == "126")
            #expect(match.output.2 == "0")
            #expect(match.output.4 == fixture.to)

            let site = allFiles(in: fixture.root + "/blog/site").filter { $0 != ".bake-manifest" }
            #expect(fixture.targetFiles() == (site + DeployFixture.foreignFiles).sorted(by: byBytes))
            for path in site {
                #expect(try fixture.targetBytes(path) == Array(try Data(contentsOf: URL(fileURLWithPath: fixture.root + "/blog/site/" + path))))
            }
            #expect(fixture.state(of: "index.html")?.mode == 0o644)
            #expect(fixture.state(of: "2019")?.mode == 0o755)
        }
    }

    @Test(arguments: TargetKind.allCases)
    func oneEditSendsOnlyTheChangedPagesAndFeeds(kind: TargetKind) async throws {
        try await DeployFixture.with(kind) { fixture in
            #expect(try await fixture.deploy().status == 0)
            let before = fixture.snapshot()
            // Pages rewritten with the same bytes (a new mtime) are not sent again.
            for path in ["index.html", "archive.html", "style.css"] {
                try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000_000)], ofItemAtPath: fixture.root + "/blog/site/" + path)
            }
            // The newest post: its page, the home page and the feeds change.
            try fixture.edit(DeployFixture.anotherPost)
            let result = try await fixture.deploy(["--verbose"])
            #expect(result.status == 0, "\(result.stderr)")
            let wrote = Set(listed("wrote", in: result.stdout))
            let sent = Set(listed("sent", in: result.stdout))
            #expect(sent == wrote)
            // Its page, the home page, the feeds, and the pages and feeds of its two categories.
            #expect(sent == [
                DeployFixture.anotherPage, "index.html", "xml/rss.xml", "feed.json",
                "categories/blogging/index.html", "categories/blogging/rss.xml", "categories/blogging/feed.json",
                "categories/writing/index.html", "categories/writing/rss.xml", "categories/writing/feed.json",
            ])
            #expect(listed("deleted", in: result.stdout).isEmpty)
            let after = fixture.snapshot()
            #expect(Set(after.keys) == Set(before.keys))
            for (path, state) in before where !sent.contains(path) {
                #expect(after[path] == state, "\(path) was touched")
            }
            for path in sent {
                #expect(after[path]?.bytes != before[path]?.bytes)
            }
        }
    }

    @Test(arguments: TargetKind.allCases)
    func aRemovedPostIsRemovedFromTheTargetAndNothingElseIs(kind: TargetKind) async throws {
        try await DeployFixture.with(kind) { fixture in
            try fixture.addForeignFiles()
            #expect(try await fixture.deploy().status == 0)
            // A file of someone else's beside the post's page, and one that bake itself will
            // no longer make but never published here.
            try write("mine\n", to: "2019/06/20/notes.txt", in: fixture.target)
            try FileManager.default.removeItem(atPath: fixture.root + "/blog/" + DeployFixture.somePost)
            let result = try await fixture.deploy(["--verbose"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(listed("deleted", in: result.stdout) == [DeployFixture.somePage])
            let match = try #require(result.stdout.split(separator: "\n").last?.wholeMatch(of: publishedLine))
            #expect(match.output.2 == "1")
            let files = fixture.targetFiles()
            #expect(!files.contains(DeployFixture.somePage))
            #expect(files.contains("2019/06/20/notes.txt"))
            for foreign in DeployFixture.foreignFiles { #expect(files.contains(foreign)) }
        }
    }

    @Test(arguments: TargetKind.allCases)
    func aBrokenPostChangesNothingOnTheTarget(kind: TargetKind) async throws {
        try await DeployFixture.with(kind) { fixture in
            #expect(try await fixture.deploy().status == 0)
            let before = fixture.snapshot()
            try fixture.edit(DeployFixture.somePost)
            try write("@title Bad\n@pubDate someday\n\nBody.\n", to: "blog/posts/2014/04/01/bad.markdown", in: fixture.root)
            let result = try await fixture.deploy()
            #expect(result.status != 0)
            #expect(result.stdout == "")
            #expect(result.stderr.hasSuffix("bake: 1 problem; the site was not changed and nothing was published.\n"), "\(result.stderr)")
            #expect(fixture.snapshot() == before)
        }
    }

    @Test(arguments: TargetKind.allCases)
    func aDryRunShowsWhatWouldChangeAndChangesNothing(kind: TargetKind) async throws {
        try await DeployFixture.with(kind) { fixture in
            #expect(try await fixture.deploy().status == 0)
            let before = fixture.snapshot()
            try fixture.edit(DeployFixture.anotherPost)
            try FileManager.default.removeItem(atPath: fixture.root + "/blog/" + DeployFixture.somePost)
            let dry = try await fixture.deploy(["--dry-run"])
            #expect(dry.status == 0, "\(dry.stderr)")
            let send = listed("send", in: dry.stdout)
            #expect(send.contains(DeployFixture.anotherPage))
            #expect(listed("delete", in: dry.stdout) == [DeployFixture.somePage])
            let last = try #require(dry.stdout.split(separator: "\n").last)
            #expect(last.wholeMatch(of: /Dry run: would send \d+ files \(\d+ bytes\) and delete 1; nothing was changed → .+/) != nil, "\(last)")
            #expect(fixture.snapshot() == before)

            // The real deploy then does what the dry run said.
            let real = try await fixture.deploy(["--verbose"])
            #expect(Set(listed("sent", in: real.stdout)) == Set(send))
            #expect(listed("deleted", in: real.stdout) == [DeployFixture.somePage])
        }
    }

    @Test(arguments: TargetKind.allCases)
    func anUnreachableTargetFailsWithOneClearLine(kind: TargetKind) async throws {
        try await withTemporaryFolder(prefix: "bake-deploy-test-") { root in
            try copySample(to: root + "/blog")
            let to: String
            let host: String
            var refusing: RefusingPort?
            switch kind {
            case .folder:
                // A folder inside a file cannot be made.
                try write("not a folder\n", to: "file", in: root)
                to = root + "/file/site"
                host = "this machine"
            case .daemon:
                // Held for the whole run, so that no daemon of another test takes the port.
                let port = try RefusingPort()
                refusing = port
                to = "rsync://127.0.0.1:\(port.port)/site"
                host = "127.0.0.1:\(port.port)"
            }
            let result = try await runBake(["deploy", "blog", "--future", "--to", to], in: root)
            withExtendedLifetime(refusing) {}
            #expect(result.status != 0)
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 1, "\(result.stderr)")
            #expect(result.stderr.hasPrefix("bake: cannot publish to \(host) (rsync exit "), "\(result.stderr)")
            #expect(result.stderr.hasSuffix("; nothing on the target was changed\n"), "\(result.stderr)")
            for marker in crashMarkers { #expect(!result.stderr.contains(marker)) }
        }
    }

    @Test func aRefusedLoginFailsWithOneClearLine() async throws {
        try await DeployFixture.with(.daemon) { fixture in
            let locked = "rsync://bake@127.0.0.1:\(fixture.daemon!.port)/locked"
            let result = try await runBake(["deploy", "blog", "--future", "--to", locked], in: fixture.root, environment: ["RSYNC_PASSWORD": "wrong"])
            #expect(result.status != 0)
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
            #expect(result.stderr.contains("auth failed"), "\(result.stderr)")
            #expect(fixture.targetFiles() == [])
        }
    }

    @Test func theTargetComesFromTheSettingsWhenNotGiven() async throws {
        try await DeployFixture.with(.daemon) { fixture in
            let settings = fixture.root + "/blog/site.settings"
            let original = try String(contentsOfFile: settings, encoding: .utf8)
            let none = try await runBake(["deploy", "blog", "--future"], in: fixture.root)
            #expect(none.status != 0)
            #expect(none.stderr.hasPrefix("bake: no target to publish to; expected --to TARGET or `@deploy_to TARGET`"), "\(none.stderr)")

            try (original + "@rsync_remote_path \(fixture.to)\n").write(toFile: settings, atomically: true, encoding: .utf8)
            #expect(try await runBake(["deploy", "blog", "--future"], in: fixture.root).status == 0)
            #expect(fixture.targetFiles().contains("index.html"))

            // A folder in @deploy_to is taken from the blog, wherever bake runs.
            try (original + "@deploy_to ../copy\n").write(toFile: settings, atomically: true, encoding: .utf8)
            let result = try await runBake(["deploy", "--future"], in: fixture.root + "/blog")
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.hasSuffix("→ \(fixture.root)/copy\n"), "\(result.stdout)")
            #expect(FileManager.default.fileExists(atPath: fixture.root + "/copy/index.html"))
        }
    }
}

/// Where a test deploys to.
enum TargetKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// A folder given by its path.
    case folder
    /// The same folder served by `rsync --daemon`, given as `rsync://127.0.0.1:PORT/site`.
    case daemon

    var testDescription: String { rawValue }
}

/// A copy of the sample blog and an empty target, for one test.
struct DeployFixture {
    let root: String
    /// The folder the target's files end up in.
    let target: String
    /// What `--to` says.
    let to: String
    let daemon: RsyncDaemon?

    /// Files of other people's on the target.
    static let foreignFiles = [".well-known/security.txt", "favicon.ico"]
    static let somePost = "posts/2019/06/20/rss-2-0-at-harvard.markdown"
    static let somePage = "2019/06/20/rss-2-0-at-harvard.html"
    static let anotherPost = "posts/2026/10/30/what-a-blog-is-for.markdown"
    static let anotherPage = "2026/10/30/what-a-blog-is-for.html"

    static func with(_ kind: TargetKind, _ body: (DeployFixture) async throws -> Void) async throws {
        try await withTemporaryFolder(prefix: "bake-deploy-test-") { root in
            try copySample(to: root + "/blog")
            // These tests are of what rsync publishes; what a publish sends elsewhere is WebmentionTests'.
            let settings = root + "/blog/site.settings"
            try (try String(contentsOfFile: settings, encoding: .utf8) + "@webmentions false\n").write(toFile: settings, atomically: false, encoding: .utf8)
            let target = root + "/target"
            try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
            switch kind {
            case .folder:
                try await body(DeployFixture(root: root, target: target, to: target, daemon: nil))
            case .daemon:
                let daemon = try await RsyncDaemon.start(serving: target, configIn: root)
                defer { daemon.stop() }
                try await body(DeployFixture(root: root, target: target, to: daemon.url, daemon: daemon))
            }
        }
    }

    /// `bake deploy blog --future --to TARGET`, and `extra`.
    func deploy(_ extra: [String] = []) async throws -> CommandResult {
        try await runBake(["deploy", "blog", "--future", "--to", to] + extra, in: root)
    }

    func addForeignFiles() throws {
        for path in Self.foreignFiles { try write("not bake's\n", to: path, in: target) }
    }

    /// Adds a paragraph to a post.
    func edit(_ post: String) throws {
        let path = root + "/blog/" + post
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try (text + "\nOne more paragraph.\n").write(toFile: path, atomically: false, encoding: .utf8)
    }

    func targetFiles() -> [String] { allFiles(in: target) }

    func targetBytes(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: target + "/" + path)))
    }

    /// Every file on the target, with its inode, mtime and bytes.
    func snapshot() -> [String: FileState] {
        var states: [String: FileState] = [:]
        for path in targetFiles() { states[path] = state(of: path) }
        return states
    }

    func state(of path: String) -> FileState? {
        var info = stat()
        guard lstat(target + "/" + path, &info) == 0 else { return nil }
        let bytes = (info.st_mode & S_IFMT) == S_IFREG ? (try? targetBytes(path)) : nil
        return FileState(
            inode: UInt64(info.st_ino), seconds: Int64(info.st_mtim.tv_sec), nanoseconds: Int64(info.st_mtim.tv_nsec),
            mode: Int(info.st_mode & 0o7777), bytes: bytes
        )
    }
}

/// What a file on the target is: a changed inode or mtime means it was written.
struct FileState: Hashable {
    let inode: UInt64
    let seconds: Int64
    let nanoseconds: Int64
    let mode: Int
    let bytes: [UInt8]?
}

/// `Published N files and deleted M: B bytes sent in T s → TARGET`.
nonisolated(unsafe) let publishedLine = /Published (\d+) files? and deleted (\d+): (\d+) bytes sent in \d+\.\d\d s → (.+)/

/// The paths of lines `  <verb> path` in a command's output.
func listed(_ verb: String, in output: String) -> [String] {
    output.split(separator: "\n").compactMap { line in
        line.hasPrefix("  \(verb) ") ? String(line.dropFirst(verb.count + 3)) : nil
    }
}

func byBytes(_ a: String, _ b: String) -> Bool {
    Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8))
}
