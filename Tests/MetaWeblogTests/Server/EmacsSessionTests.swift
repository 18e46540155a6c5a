import BakeIO
import BakeKit
import BakeTestSupport
import Foundation
import Testing

/// A session of Emacs's xml-rpc.el (as org2blog and weblogger.el use it) against the real
/// shim, in one Emacs: it sends `Connection: keep-alive` and `Connection: close` with every
/// call and reuses its connection unless the answer says `close`, so before the shim closed
/// such connections every call after the first got a bare 400.
///
/// The test command installs Emacs and xml-rpc.el, so a missing one fails this test instead
/// of skipping it.
@Suite(.timeLimit(.minutes(10)))
struct EmacsSessionTests {
    // xml-rpc.el 1.6.16 on Emacs 28 reads non-ASCII text in any server's answer as raw
    // bytes, so the post's text is ASCII; the password is not, and is sent right.
    static let title = "Fish & <Chips> ]]> from Emacs"
    static let body = "First line & <b>bold</b> ]]>\nSecond line.\n\n*Markdown* stays.\n"
    static let edited = "Edited & <kept>.\n"

    @Test func listNewGetEditAndRecentInOneEmacs() async throws {
        try #require(Program.find("emacs") != nil, Comment(rawValue: EmacsClient.missing))
        try await ShimHarness.run { shim in
            let blog = shim.blog
            let login = "\(EmacsClient.literal(TestLogin.user)) \(EmacsClient.literal(TestLogin.password))"
            let session = """
            (let* ((methods (bake-call 'system.listMethods))
                   (postid (bake-call 'metaWeblog.newPost "1" \(login)
                                      '(("title" . \(EmacsClient.literal(Self.title))) ("description" . \(EmacsClient.literal(Self.body)))
                                        ("categories" . ("Food" "Notes")))
                                      t)))
              (bake-call 'metaWeblog.getPost postid \(login))
              (bake-call 'metaWeblog.editPost postid \(login)
                         '(("title" . "Fish, edited") ("description" . \(EmacsClient.literal(Self.edited))))
                         t)
              (bake-call 'metaWeblog.getRecentPosts "1" \(login) 3))
            """
            let calls = try await EmacsClient.run(session, endpoint: shim.endpoint)
            let failed = calls.first { $0.error != nil }
            #expect(failed == nil, "\(failed?.method ?? "") failed: \(failed?.error ?? "")")
            try #require(calls.map(\.method) == ["system.listMethods", "metaWeblog.newPost", "metaWeblog.getPost", "metaWeblog.editPost", "metaWeblog.getRecentPosts"])

            // 1. listMethods: every method this session calls.
            let methods = try #require(calls[0].result as? [String])
            #expect(Set(calls.map(\.method)).isSubset(of: methods))

            // 2. newPost: a post in today's folder (the whole session has run: the file is
            // checked after the edit).
            let postID = try #require(calls[1].result as? String)
            #expect(postID.hasSuffix("/fish-chips-from-emacs.markdown"))

            // 3. getPost: the text of the new file, exactly.
            let post = try #require(calls[2].result as? [String: Any])
            #expect(post["postid"] as? String == postID)
            #expect(post["title"] as? String == Self.title)
            #expect(post["description"] as? String == Self.body)
            #expect(post["categories"] as? [String] == ["Food", "Notes"])

            // 4. editPost: the file changed in place, and baked.
            #expect(calls[3].result as? Bool == true)
            let parsed = try MetadataParser().parse(blog.bytes("posts/" + postID))
            #expect(parsed.metadata["title"] == "Fish, edited")
            #expect(parsed.metadata["categoryArray"] == "Food, Notes")
            #expect(parsed.body == Self.edited)
            #expect(try blog.read("site/" + postID.replacingOccurrences(of: ".markdown", with: ".html")).contains("Fish, edited"))

            // 5. getRecentPosts: the edited post first.
            let recent = try #require(calls[4].result as? [[String: Any]])
            #expect(recent.count == 3)
            #expect(recent.first?["postid"] as? String == postID)
            #expect(recent.first?["title"] as? String == "Fish, edited")
        }
    }
}
