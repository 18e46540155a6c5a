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
