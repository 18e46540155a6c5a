import BakeIO
import BakeTestSupport
import Foundation
import Testing

/// A whole session of python-wordpress-xmlrpc (PyPI `python-wordpress-xmlrpc`), a WordPress
/// client nobody here wrote, through `Tests/Scripts/wordpress_session.py`: getUsersBlogs,
/// newPost, getPost, editPost (the fetched post sent back, term IDs and all), getPosts,
/// getTerms, uploadFile and deletePost, with the files checked afterwards.
@Suite struct WordPressClientTests {
    struct Session: Decodable {
        struct Blog: Decodable {
            let id: String
            let name: String
            let url: String
            let is_admin: Bool
        }

        struct Term: Decodable {
            let id: String?
            let name: String
            let slug: String?
            let taxonomy: String
            let count: Int?
        }

        struct Post: Decodable {
            let id: String
            let title: String
            let content: String
            let status: String
            let date: String
            let link: String
            let terms: [Term]
        }

        let problem: String?
        let blogs: [Blog]?
        let post_id: String?
        let fetched: Post?
        let edited: Bool?
        let after_edit: Post?
        let listed: [Post]?
        let categories: [Term]?
        let tags: [Term]?
        let upload: [String: String]?
        let deleted: Bool?
    }

    @Test func drivesAWholeSession() async throws {
        try await ShimHarness.run { shim in
            let script = repositoryRoot + "/Tests/Scripts/wordpress_session.py"
            let hex = TestImages.jpeg.map { String(format: "%02x", $0) }.joined()
            let run = try await Program(executable: "/usr/bin/env").run(
                ["python3", script, shim.endpoint, TestLogin.user, TestLogin.password, hex], timeout: .seconds(600)
            )
            let session = try #require(
                try? JSONDecoder().decode(Session.self, from: Data(run.output.utf8)),
                "the script printed \(run.output) \(run.errors)"
            )
            try #require(session.problem == nil, "\(session.problem ?? "")")

            #expect(session.blogs?.map(\.id) == ["1"])
            #expect(session.blogs?.first?.is_admin == true)

            let postID = try #require(session.post_id)
            #expect(postID.hasSuffix(".markdown"))
            let fetched = try #require(session.fetched)
            #expect(fetched.id == postID)
            #expect(fetched.title == "Hello from WordPress")
            #expect(fetched.content == "First *words*, & <more>.")
            #expect(fetched.status == "publish")
            #expect(fetched.link.hasPrefix("https://") && !fetched.link.contains(".markdown"))
            #expect(Set(fetched.terms.map { "\($0.taxonomy):\($0.name)" }) == ["category:Swift", "category:Writing", "post_tag:xmlrpc", "post_tag:wordpress"])
            #expect(fetched.terms.allSatisfy { Int($0.id ?? "") != nil })

            #expect(session.edited == true)
            let edited = try #require(session.after_edit)
            #expect(edited.title == "Hello again")
            #expect(edited.content == "Changed *words*.")
            #expect(edited.date == fetched.date)
            #expect(edited.link == fetched.link)
            #expect(Set(edited.terms.map { "\($0.taxonomy):\($0.name)" }) == Set(fetched.terms.map { "\($0.taxonomy):\($0.name)" }))

            #expect(session.listed?.first?.id == postID)
            #expect(session.listed?.allSatisfy { $0.status == "publish" } == true)
            let swift = try #require(session.categories?.first { $0.name == "Swift" })
            #expect(swift.taxonomy == "category" && swift.slug == "swift" && (swift.count ?? 0) >= 1)
            #expect(session.tags?.map(\.name).contains("wordpress") == true)

            let upload = try #require(session.upload)
            #expect(upload["file"] == "photo.jpg")
            #expect(upload["type"] == "image/jpeg")
            let url = try #require(upload["url"])
            let id = try #require(upload["id"])
            #expect(id.hasPrefix("media/") && url.hasSuffix("/" + id))
            #expect(try shim.blog.bytes("static/" + id) == TestImages.jpeg)

            #expect(session.deleted == true)
            #expect(!shim.blog.exists("posts/" + postID))
            let trashed = try shim.blog.read(".trash/posts/" + postID)
            #expect(trashed.contains("@title Hello again\n"))
            #expect(trashed.contains("@categoryArray Swift, Writing\n"))
            #expect(trashed.contains("@mt_keywords xmlrpc, wordpress\n"))
            #expect(!trashed.contains("@link"))
            #expect(trashed.hasSuffix("Changed *words*.") || trashed.hasSuffix("Changed *words*.\n"))
        }
    }
}
