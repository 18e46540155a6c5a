import BakeIO
import BakeKit
import BakeTestSupport
import Foundation
import MetaWeblog
import Testing
import XMLRPC

/// A desktop editor's whole session, replayed by Python's `xmlrpc.client` against the real
/// server, checking the post tree and the baked site after every step.
///
/// The test command installs python3, so a missing one fails this test instead of skipping it.
@Suite(.timeLimit(.minutes(10)))
struct EditorSessionTests {
    /// Text that must come back exactly: markup characters, a CDATA end, emoji, CRLF.
    static let title = "Fish & <Chips> ]]> 🐟"
    static let body = "First line & <b>bold</b> ]]>\r\nSecond line with emoji 🎉\r\n\r\n*Markdown* stays.\n"

    @Test func replaysAnEditorSession() async throws {
        try #require(PythonClient.isAvailable, "python3 with xmlrpc.client must be on the PATH for this test; install it (apt-get install python3)")
        try await ShimHarness.run { shim in
            let blog = shim.blog
            let python = try await PythonClient(endpoint: shim.endpoint)
            defer { python.close() }
            let login: [XMLRPCValue] = ShimHarness.login

            // 1. getUsersBlogs: the one blog, with the ID rsd.xml gives.
            let blogs = try await python.success("blogger.getUsersBlogs", ["bake"] + login)
            let theBlog = try #require(blogs.arrayValue?.first)
            #expect(theBlog["blogid"] == "1")
            #expect(theBlog["blogName"] == "Small Batch")
            #expect(theBlog["url"] == "https://smallbatch.example.com/")

            // 2. getRecentPosts: the newest posts of the tree, each one a real file.
            let recent = try #require(try await python.success("metaWeblog.getRecentPosts", ["1"] + login + [5]).arrayValue)
            #expect(recent.count == 5)
            #expect(recent.first?["postid"] == "2026/10/30/what-a-blog-is-for.markdown")
            for post in recent {
                let postID = try #require(post["postid"]?.stringValue)
                let file = try MetadataParser().parse(blog.bytes("posts/" + postID))
                #expect(post["title"]?.stringValue == (file.metadata["title"] ?? ""))
                #expect(post["description"]?.stringValue == file.body)
                #expect(post["permaLink"]?.stringValue == "https://smallbatch.example.com/" + postID.replacingOccurrences(of: ".markdown", with: ".html"))
            }

            // 3. getCategories: every category of the tree.
            let categories = try #require(try await python.success("metaWeblog.getCategories", ["1"] + login).arrayValue)
            let names = Set(categories.compactMap { $0["categoryName"]?.stringValue })
            #expect(names == Self.categoriesInTree(blog))
            #expect(names.contains("Ownership"))

            // 4. newPost: a new file in the calendar tree, baked at once.
            let content: XMLRPCValue = [
                "title": .string(Self.title),
                "description": .string(Self.body),
                "categories": ["Food", "Notes"],
                "mt_keywords": "fish, chips",
                "mt_excerpt": "A short excerpt.",
                "dateCreated": .dateTime(XMLRPCDateTime(iso8601: "20240501T10:30:00")!),
            ]
            let postIDValue = try await python.success("metaWeblog.newPost", ["1"] + login + [content, true])
            let postID = try #require(postIDValue.stringValue)
            #expect(postID == "2024/05/01/fish-chips.markdown")
            let file = "posts/" + postID
            var parsed = try MetadataParser().parse(blog.bytes(file))
            #expect(parsed.metadata["title"] == Self.title)
            // No zone was sent, so the date is read in the site's zone, America/Los_Angeles.
            #expect(parsed.metadata["pubDate"] == "2024-05-01 10:30:00 -0700")
            #expect(parsed.metadata["categoryArray"] == "Food, Notes")
            #expect(parsed.metadata["mt_keywords"] == "fish, chips")
            #expect(parsed.metadata["mt_excerpt"] == "A short excerpt.")
            #expect(parsed.body == Self.body)
            var page = try blog.read("site/2024/05/01/fish-chips.html")
            #expect(page.contains("Fish &amp; &lt;Chips&gt; ]]&gt; 🐟"))
            #expect(page.contains("<em>Markdown</em> stays."))
            #expect(try blog.read("site/2024/05/index.html").contains("2024/05/01/fish-chips.html"))

            // 5. getPost: the same text back, exactly.
            var post = try await python.success("metaWeblog.getPost", [.string(postID)] + login)
            #expect(post["postid"] == .string(postID))
            #expect(post["title"] == .string(Self.title))
            #expect(post["description"] == .string(Self.body))
            #expect(post["categories"] == ["Food", "Notes"])
            #expect(post["link"] == "")
            #expect(post["userid"] == .string(TestLogin.user))
            #expect(post["permaLink"] == "https://smallbatch.example.com/2024/05/01/fish-chips.html")
            #expect(post["dateCreated"]?.dateTimeValue?.date(defaultTimeZone: .gmt) == Date(timeIntervalSince1970: 1_714_584_600))

            // 5½. Someone adds a header line the shim does not know; editPost must keep it.
            let withUnknown = try blog.read(file).replacingOccurrences(of: "@mt_keywords", with: "@dbid 4242\n@mt_keywords")
            try blog.write(withUnknown, to: file)

            // 6. editPost: the editor sends back what it got, with a new title and text.
            let edited = "Edited text.\r\nWith CRLF & <tags>.\n"
            var changes = try #require(post.structValue).members.filter { !["title", "description"].contains($0.name) }
            changes += [XMLRPCStruct.Member(name: "title", value: "Fish, edited"), XMLRPCStruct.Member(name: "description", value: .string(edited))]
            #expect(try await python.success("metaWeblog.editPost", [.string(postID)] + login + [.struct(XMLRPCStruct(members: changes)), true]) == true)
            #expect(blog.files("posts/2024/05/01") == ["fish-chips.markdown"])
            parsed = try MetadataParser().parse(blog.bytes(file))
            #expect(parsed.metadata["title"] == "Fish, edited")
            #expect(parsed.metadata["pubDate"] == "2024-05-01 10:30:00 -0700")
            #expect(parsed.metadata["dbid"] == "4242")
            #expect(parsed.metadata["modDate"] != nil)
            #expect(parsed.body == edited)
            page = try blog.read("site/2024/05/01/fish-chips.html")
            #expect(page.contains("Fish, edited"))
            #expect(!page.contains("Chips"))

            // 7. getPost: the edit, exactly.
            post = try await python.success("metaWeblog.getPost", [.string(postID)] + login)
            #expect(post["title"] == "Fish, edited")
            #expect(post["description"] == .string(edited))

            // 8. newMediaObject: the bits under static/media, with a safe name, and public.
            let image = Data(TestImages.png)
            let media: XMLRPCValue = ["name": "../../escape/Fish Photo.png", "type": "image/png", "bits": .base64(image)]
            let stored = try await python.success("metaWeblog.newMediaObject", ["1"] + login + [media])
            let url = try #require(stored["url"]?.stringValue)
            #expect(url.hasPrefix("https://smallbatch.example.com/media/"))
            #expect(url.hasSuffix("/Fish-Photo.png"))
            let publicPath = String(url.dropFirst("https://smallbatch.example.com/".count))
            #expect(try blog.bytes("static/" + publicPath) == Array(image))
            #expect(TestImages.isPublishedCopy(try blog.bytes("site/" + publicPath), of: Array(image)))
            #expect(blog.outsideItems == ["blog"])

            // 9. setPostCategories: the primary category first.
            let chosen: XMLRPCValue = [["categoryId": "Notes", "isPrimary": false], ["categoryId": "Seafood", "isPrimary": true]]
            #expect(try await python.success("mt.setPostCategories", [.string(postID)] + login + [chosen]) == true)
            #expect(try MetadataParser().parse(blog.bytes(file)).metadata["categoryArray"] == "Seafood, Notes")
            let postCategories = try await python.success("mt.getPostCategories", [.string(postID)] + login)
            #expect(postCategories.arrayValue?.first?["categoryName"] == "Seafood")
            #expect(postCategories.arrayValue?.first?["isPrimary"] == true)
            #expect(try blog.read("site/2024/05/01/fish-chips.html").contains("Seafood"))

            // 10. deletePost: into .trash/, recoverable, and off the site.
            let lastText = try blog.read(file)
            #expect(try await python.success("blogger.deletePost", ["bake", .string(postID)] + login + [true]) == true)
            #expect(!blog.exists(file))
            #expect(try blog.read(".trash/" + file) == lastText)
            #expect(!blog.exists("site/2024/05/01/fish-chips.html"))
            guard case .fault(let code, let message) = try await python.call("metaWeblog.getPost", [.string(postID)] + login) else {
                Issue.record("getPost of a deleted post succeeded")
                return
            }
            #expect(code == 404)
            #expect(message.contains(postID))
        }
    }

    static func categoriesInTree(_ blog: TestBlog) -> Set<String> {
        var names: Set<String> = []
        for file in blog.files("posts") {
            guard let parsed = try? MetadataParser().parse(blog.bytes("posts/" + file)) else { continue }
            for name in (parsed.metadata["categoryArray"] ?? "").split(separator: ",") {
                names.insert(name.trimmingCharacters(in: .whitespaces))
            }
        }
        return names
    }
}
