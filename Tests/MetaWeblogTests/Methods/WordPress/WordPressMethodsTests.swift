import BakeKit
import Foundation
import MetaWeblog
import Testing
import XMLRPC

/// The wp.* methods through our own codec: what WordPress's members become in the file, and
/// the faults.
@Suite(.timeLimit(.minutes(10)))
struct WordPressMethodsTests {
    @Test func writesADraftThenPublishesIt() async throws {
        try await ShimHarness.run { shim in
            // No zone on post_date_gmt: UTC, which is the evening before in Los Angeles, the site's zone.
            let content: XMLRPCValue = ["post_title": "Draft first", "post_content": "Body.", "post_date_gmt": .dateTime(XMLRPCDateTime(iso8601: "20210203T04:05:06")!)]
            let postID = try #require(try await shim.success("wp.newPost", ["1"] + ShimHarness.login + [content]).stringValue)
            #expect(postID == "2021/02/02/draft-first.markdown")
            #expect(shim.blog.exists("drafts/" + postID) && !shim.blog.exists("posts/" + postID))
            #expect(try MetadataParser().parse(shim.blog.bytes("drafts/" + postID)).metadata["pubDate"] == "2021-02-02 20:05:06 -0800")

            let post = try await shim.success("wp.getPost", ["1"] + ShimHarness.login + [.string(postID)])
            #expect(post["post_status"] == "draft")
            #expect(post["post_date"] == .dateTime(XMLRPCDateTime(iso8601: "20210202T20:05:06")!))
            #expect(post["post_date_gmt"] == .dateTime(XMLRPCDateTime(iso8601: "20210203T04:05:06")!))

            #expect(try await shim.success("wp.editPost", ["1"] + ShimHarness.login + [.string(postID), ["post_status": "publish"]]) == .bool(true))
            #expect(shim.blog.exists("posts/" + postID) && !shim.blog.exists("drafts/" + postID))
            let published = try await shim.success("wp.getPosts", ["1"] + ShimHarness.login + [["number": 1000, "post_status": "publish"]])
            #expect(published.arrayValue?.contains { $0["post_id"] == .string(postID) } == true)
            let drafts = try await shim.success("wp.getPosts", ["1"] + ShimHarness.login + [["post_status": "draft"]])
            #expect(drafts.arrayValue?.contains { $0["post_id"] == .string(postID) } == false)
        }
    }

    @Test func takesTermsByIDAndByName() async throws {
        try await ShimHarness.run { shim in
            let first: XMLRPCValue = ["post_title": "Named", "post_status": "publish", "terms_names": ["category": ["Gardening"], "post_tag": ["roses"]]]
            _ = try await shim.success("wp.newPost", ["1"] + ShimHarness.login + [first])
            let categories = try await shim.success("wp.getTerms", ["1"] + ShimHarness.login + ["category"])
            let gardening = try #require(categories.arrayValue?.first { $0["name"] == "Gardening" })
            #expect(gardening["taxonomy"] == "category" && gardening["count"] == 1 && gardening["slug"] == "gardening")
            let id = try #require(gardening["term_id"]?.stringValue.flatMap { Int($0) })
            let again = try await shim.success("wp.getTerms", ["1"] + ShimHarness.login + ["category"])
            #expect(again.arrayValue?.first { $0["name"] == "Gardening" }?["term_id"] == .string(String(id)))
            let tags = try await shim.success("wp.getTerms", ["1"] + ShimHarness.login + ["post_tag"])
            #expect(tags.arrayValue?.map { $0["name"] } == ["roses"])

            let second: XMLRPCValue = ["post_title": "By ID", "post_status": "publish", "terms": ["category": [.int(id)]], "terms_names": ["category": ["New One"]]]
            let postID = try #require(try await shim.success("wp.newPost", ["1"] + ShimHarness.login + [second]).stringValue)
            #expect(try MetadataParser().parse(shim.blog.bytes("posts/" + postID)).metadata["categoryArray"] == "Gardening, New One")

            let unknown = try await shim.fault("wp.editPost", ["1"] + ShimHarness.login + [.string(postID), ["terms": ["category": [.int(7)]]]])
            #expect(unknown.code == -32602 && unknown.message.contains("category ID 7"))
            let taxonomy = try await shim.fault("wp.getTerms", ["1"] + ShimHarness.login + ["post_format"])
            #expect(taxonomy.code == -32602)
        }
    }

    @Test func ignoresTheLinkAndRefusesOtherPostTypes() async throws {
        try await ShimHarness.run { shim in
            let content: XMLRPCValue = ["post_title": "Linked", "post_status": "publish", "link": "https://elsewhere.example/", "custom_fields": .array([])]
            let postID = try #require(try await shim.success("wp.newPost", ["1"] + ShimHarness.login + [content]).stringValue)
            #expect(try MetadataParser().parse(shim.blog.bytes("posts/" + postID)).metadata["link"] == nil)
            let page = try await shim.fault("wp.newPost", ["1"] + ShimHarness.login + [["post_title": "A page", "post_type": "page"]])
            #expect(page.code == -32602 && page.message.contains("post_type"))
            let pages = try await shim.success("wp.getPosts", ["1"] + ShimHarness.login + [["post_type": "page"]])
            #expect(pages == .array([]))
        }
    }

    @Test func uploadsOnlyWhatNewMediaObjectTakes() async throws {
        try await ShimHarness.run { shim in
            let before = shim.blog.files("static")
            let svg: XMLRPCValue = ["name": "drawing.svg", "type": "image/svg+xml", "bits": .base64(Data("<svg/>".utf8))]
            let refused = try await shim.fault("wp.uploadFile", ["1"] + ShimHarness.login + [svg])
            #expect(refused.code == -32602)
            #expect(shim.blog.files("static") == before)
        }
    }

    @Test func checksTheLoginOfEveryCall() async throws {
        try await ShimHarness.run { shim in
            let bad: [XMLRPCValue] = [.string(TestLogin.user), "wrong"]
            #expect(try await shim.fault("wp.getUsersBlogs", bad).code == 403)
            #expect(try await shim.fault("wp.getPosts", ["1"] + bad).code == 403)
            #expect(try await shim.fault("wp.deletePost", ["1"] + bad + ["2019/03/14/late_night_note.markdown"]).code == 403)
            let blogs = try await shim.success("wp.getUsersBlogs", ShimHarness.login)
            #expect(blogs.arrayValue?.first?["blogid"] == "1")
        }
    }
}
