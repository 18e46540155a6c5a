import BakeIO
import Testing

@Suite struct DeployTargetTests {
    @Test func readsTheThreeForms() throws {
        let folder = try DeployTarget("../www/", relativeTo: "/home/me/blog")
        #expect(folder.kind == .folder)
        #expect(folder.name == "/home/me/www")
        #expect(folder.rsyncDestination == "/home/me/www/")
        #expect(folder.host == "this machine")

        let shell = try DeployTarget("me@example.com:www/blog/", relativeTo: "/blog")
        #expect(shell.kind == .shell)
        #expect(shell.name == "me@example.com:www/blog")
        #expect(shell.host == "example.com")
        #expect(shell.rsyncDestination == "me@example.com:www/blog/")
        #expect(try DeployTarget("example.com:", relativeTo: "/blog").rsyncDestination == "example.com:")

        let daemon = try DeployTarget("rsync://example.com:8730/site/www", relativeTo: "/blog")
        #expect(daemon.kind == .daemon)
        #expect(daemon.host == "example.com:8730")
        #expect(daemon.rsyncDestination == "rsync://example.com:8730/site/www/")
        #expect(try DeployTarget("rsync://user@example.com/site", relativeTo: "/").host == "example.com")
    }

    @Test func readsAGitBranch() throws {
        let pages = try DeployTarget("git+https://github.com/me/me.github.io.git", relativeTo: "/blog")
        #expect(pages.kind == .git(.init(repository: "https://github.com/me/me.github.io.git", branch: "gh-pages")))
        #expect(pages.host == "github.com")
        let main = try DeployTarget("git+ssh://git@codeberg.org/me/pages.git#main", relativeTo: "/blog")
        #expect(main.kind == .git(.init(repository: "ssh://git@codeberg.org/me/pages.git", branch: "main")))
        #expect(main.host == "codeberg.org")
        let token = try DeployTarget("git+https://me:ghp_secret@github.com/me/pages.git", relativeTo: "/blog")
        #expect(token.description == "git+https://me:***@github.com/me/pages.git")
        #expect(main.description == "git+ssh://git@codeberg.org/me/pages.git#main", "a user name alone is no secret")
        let local = try DeployTarget("git+file:///srv/pages.git#site/live", relativeTo: "/blog")
        #expect(local.kind == .git(.init(repository: "file:///srv/pages.git", branch: "site/live")))
        #expect(local.host == "this machine")
        for text in ["git+ftp://example.com/x.git", "git+https://github.com/me/x.git#-f", "git+https://github.com/me/x.git#a..b",
                     "git+https://github.com/me/x.git#", "git+https://github.com/me/x.git#a b", "git+/srv/pages.git", "git+https://-oProxy/x"] {
            #expect(throws: DeployError.self, "\(text)") { try DeployTarget(text, relativeTo: "/blog") }
        }
    }

    /// rsync's rule: a colon after a slash is part of a local path.
    @Test func aColonAfterASlashIsAFolder() throws {
        let target = try DeployTarget("./a:b", relativeTo: "/blog")
        #expect(target.kind == .folder)
        #expect(target.name == "/blog/a:b")
    }

    @Test func refusesWhatIsNoTarget() {
        for text in ["", "  ", "rsync://", "rsync://example.com", "rsync:///module", "@:path", ":path", "host::module", "-oProxyCommand=x:path", "me@-oProxyCommand=x:www", "rsync://-x/module"] {
            #expect(throws: DeployError.self, "\(text)") { try DeployTarget(text, relativeTo: "/blog") }
        }
    }
}
