@testable import MetaWeblog
import Testing

/// Answers name a file by its last part, never by where it is on the machine.
@Suite struct AnswerTextTests {
    @Test(arguments: [
        // git, holding the blog's folder in quotes
        ("fatal: Unable to create '/home/me/My Blog/.git/index.lock': File exists.", "fatal: Unable to create 'index.lock': File exists."),
        // rsync
        ("rsync: [Receiver] mkdir \"/srv/www/blog\" failed: Permission denied (13)", "rsync: [Receiver] mkdir \"blog\" failed: Permission denied (13)"),
        // a FileSystemError, in brackets, and at the end of a sentence
        ("cannot read the list (/home/me/blog/.micropub-tokens: cannot read: Permission denied)", "cannot read the list (.micropub-tokens: cannot read: Permission denied)"),
        ("/home/me/blog has no .bake-manifest; nothing was published", "blog has no .bake-manifest; nothing was published"),
        ("cannot write /home/me/blog/posts/a.markdown.", "cannot write a.markdown."),
        ("--rsh=/usr/bin/ssh, then /", "--rsh=ssh, then /"),
    ])
    func cutsAbsolutePathsToTheirLastPart(text: String, answer: String) {
        #expect(AnswerText.withoutPaths(text) == answer)
    }

    @Test(arguments: [
        "Saved posts/2014/03/31/hello.markdown, but not published: cannot publish to example.com",
        "expected a permalink such as https://example.com/2014/03/31/hello.html.",
        "expected a folder, user@host:path or rsync://host[:port]/module/path",
        "and/or 1/2",
    ])
    func keepsWhatIsNoPathOfTheMachine(text: String) {
        #expect(AnswerText.withoutPaths(text) == text)
    }
}
