import BakeIO
import BakeTestSupport
import Foundation
import Testing

/// `bake deploy --to git+file://…/pages.git`, as GitHub Pages or Codeberg Pages is fed: a bare
/// repository stands for the host, and git itself reads back what the branch holds.
@Suite(.timeLimit(.minutes(10)))
struct GitDeployTests {
    /// A copy of the sample blog and an empty bare repository.
    struct Fixture {
        let root: String
        var remote: String { root + "/pages.git" }
        var to: String { "git+file://" + remote }

        static func with(_ body: (Fixture) async throws -> Void) async throws {
            try await withTemporaryFolder(prefix: "bake-git-deploy-test-") { root in
                try copySample(to: root + "/blog")
                let settings = root + "/blog/site.settings"
                try (try String(contentsOfFile: settings, encoding: .utf8) + "@webmentions false\n").write(toFile: settings, atomically: false, encoding: .utf8)
                let fixture = Fixture(root: root)
                _ = try await fixture.git(["init", "--quiet", "--bare", fixture.remote])
                try await body(fixture)
            }
        }

        func deploy(_ extra: [String] = []) async throws -> CommandResult {
            try await runBake(["deploy", "blog", "--future", "--to", to] + extra, in: root)
        }

        /// Runs git on the bare repository; its output.
        @discardableResult
        func git(_ arguments: [String], in folder: String? = nil) async throws -> String {
            let run = try await Program(executable: "/usr/bin/env").run(["git"] + arguments, in: folder ?? root, environment: ProcessInfo.processInfo.environment.merging([
                "GIT_AUTHOR_NAME": "Someone", "GIT_AUTHOR_EMAIL": "someone@example.com",
                "GIT_COMMITTER_NAME": "Someone", "GIT_COMMITTER_EMAIL": "someone@example.com",
            ]) { $1 })
            guard run.succeeded else { throw TestFailure(description: "git \(arguments.joined(separator: " ")): \(run.errors)") }
            return run.output
        }

        /// The files of the branch.
        func files(_ branch: String = "gh-pages") async throws -> [String] {
            try await git(["--git-dir", remote, "ls-tree", "-r", "-z", "--name-only", branch]).split(separator: "\0").map(String.init).sorted(by: byBytes)
        }

        func commits(_ branch: String = "gh-pages") async throws -> Int {
            Int(try await git(["--git-dir", remote, "rev-list", "--count", branch]).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        }

        func show(_ path: String, _ branch: String = "gh-pages") async throws -> [UInt8] {
            let run = try await Program(executable: "/usr/bin/env").run(["git", "--git-dir", remote, "cat-file", "blob", "\(branch):\(path)"])
            return Array(run.output.utf8)
        }

        func site() -> [String] {
            allFiles(in: root + "/blog/site").filter { $0 != ".bake-manifest" }
        }
    }

    @Test func aFirstDeployCommitsTheSiteWithNojekyllAndCNAMEToGhPages() async throws {
        try await Fixture.with { fixture in
            let result = try await fixture.deploy()
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.split(separator: "\n").last?.wholeMatch(of: publishedLine) != nil, "\(result.stdout)")
            let site = fixture.site()
            #expect(try await fixture.files() == (site + [".nojekyll", "CNAME"]).sorted(by: byBytes))
            #expect(try await fixture.commits() == 1)
            #expect(try await fixture.show("CNAME") == Array("smallbatch.example.com\n".utf8))
            for path in ["index.html", "xml/rss.xml", DeployFixture.somePage] {
                #expect(try await fixture.show(path) == Array(try Data(contentsOf: URL(fileURLWithPath: fixture.root + "/blog/site/" + path))), "\(path)")
            }
            let subject = try await fixture.git(["--git-dir", fixture.remote, "log", "-1", "--format=%s", "gh-pages"])
            #expect(subject.hasPrefix("Publish \(site.count + 2) changed files"), "\(subject)")
        }
    }

    /// Nothing changed: no commit. One edit: one commit, of the files whose bytes changed. A
    /// file someone else committed to the branch stays; a removed post's page goes.
    @Test func onlyChangesMakeACommitAndFilesOfOthersStay() async throws {
        try await Fixture.with { fixture in
            #expect(try await fixture.deploy().status == 0)
            // Someone adds a file of their own to the branch.
            let clone = fixture.root + "/clone"
            try await fixture.git(["clone", "--quiet", "--branch", "gh-pages", fixture.remote, clone])
            try write("not bake's\n", to: ".well-known/security.txt", in: clone)
            try await fixture.git(["add", ".well-known/security.txt"], in: clone)
            try await fixture.git(["commit", "--quiet", "-m", "A file of mine"], in: clone)
            try await fixture.git(["push", "--quiet", "origin", "gh-pages"], in: clone)

            let same = try await fixture.deploy()
            #expect(same.status == 0, "\(same.stderr)")
            #expect(same.stdout.contains("Published 0 files and deleted 0"), "\(same.stdout)")
            #expect(try await fixture.commits() == 2)

            try DeployFixture(root: fixture.root, target: "", to: "", daemon: nil).edit(DeployFixture.anotherPost)
            let edited = try await fixture.deploy(["--verbose"])
            #expect(edited.status == 0, "\(edited.stderr)")
            #expect(try await fixture.commits() == 3)
            let changed = try await fixture.git(["--git-dir", fixture.remote, "diff", "--name-only", "gh-pages~1", "gh-pages"]).split(separator: "\n").map(String.init)
            #expect(Set(changed) == Set(listed("sent", in: edited.stdout)))
            #expect(changed.contains(DeployFixture.anotherPage) && changed.contains("index.html"))
            #expect(!changed.contains(DeployFixture.somePage))
            let body = try await fixture.git(["--git-dir", fixture.remote, "log", "-1", "--format=%B", "gh-pages"])
            #expect(body.contains("  " + DeployFixture.anotherPage), "the message names what changed: \(body)")

            try FileManager.default.removeItem(atPath: fixture.root + "/blog/" + DeployFixture.somePost)
            let removed = try await fixture.deploy(["--verbose"])
            #expect(removed.status == 0, "\(removed.stderr)")
            #expect(listed("deleted", in: removed.stdout) == [DeployFixture.somePage])
            let files = try await fixture.files()
            #expect(!files.contains(DeployFixture.somePage))
            #expect(files.contains(".well-known/security.txt") && files.contains(".nojekyll"))
        }
    }

    @Test func aDryRunAndABrokenPostChangeNothingOnTheBranch() async throws {
        try await Fixture.with { fixture in
            let dry = try await fixture.deploy(["--dry-run"])
            #expect(dry.status == 0, "\(dry.stderr)")
            #expect(dry.stdout.contains("Dry run: would send"), "\(dry.stdout)")
            #expect(listed("send", in: dry.stdout).contains("index.html"))
            #expect(try await fixture.git(["--git-dir", fixture.remote, "branch", "--list"]).isEmpty, "no branch was made")

            #expect(try await fixture.deploy().status == 0)
            try write("@title Bad\n@pubDate someday\n\nBody.\n", to: "blog/posts/2014/04/01/bad.markdown", in: fixture.root)
            let broken = try await fixture.deploy()
            #expect(broken.status != 0)
            #expect(broken.stderr.hasSuffix("the site was not changed and nothing was published.\n"), "\(broken.stderr)")
            #expect(try await fixture.commits() == 1)
        }
    }

    /// Netlify fed from the branch: `@host_rules netlify` adds its `_redirects` (the sample's
    /// old URLs, forced over their alias pages) and `_headers`.
    @Test func netlifyRulesGoWithTheSite() async throws {
        try await Fixture.with { fixture in
            let settings = fixture.root + "/blog/site.settings"
            try (try String(contentsOfFile: settings, encoding: .utf8) + "@host_rules netlify\n").write(toFile: settings, atomically: false, encoding: .utf8)
            let post = fixture.root + "/blog/" + DeployFixture.somePost
            try ("@aliases /2019/old-harvard/\n" + String(contentsOfFile: post, encoding: .utf8)).write(toFile: post, atomically: false, encoding: .utf8)
            let result = try await fixture.deploy()
            #expect(result.status == 0, "\(result.stderr)")
            let files = try await fixture.files()
            #expect(files.contains("_redirects") && files.contains("_headers"))
            let redirects = String(decoding: try await fixture.show("_redirects"), as: UTF8.self)
            let rules = redirects.split(separator: "\n").filter { !$0.hasPrefix("#") }
            #expect(rules == ["/2019/old-harvard/  /\(DeployFixture.somePage)  301!"], "\(redirects)")
            #expect(String(decoding: try await fixture.show("_headers"), as: UTF8.self).contains("/media/*\n  Cache-Control: public, max-age=2592000"))
        }
    }

    @Test func aBranchThatCannotBeReachedFailsWithOneClearLine() async throws {
        try await Fixture.with { fixture in
            let result = try await runBake(["deploy", "blog", "--future", "--to", "git+file://" + fixture.root + "/missing.git#main"], in: fixture.root)
            #expect(result.status != 0)
            let last = result.stderr.split(separator: "\n").last.map(String.init) ?? ""
            #expect(last.hasPrefix("bake: cannot publish to this machine: git could not read the target's branches ("), "\(result.stderr)")
            #expect(last.hasSuffix("the branch on the target was not changed"), "\(last)")
        }
    }
}
