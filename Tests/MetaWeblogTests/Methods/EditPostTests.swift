import BakeKit
import BakeTestSupport
import Foundation
import MetaWeblog
import Testing
import XMLRPC

@Suite(.timeLimit(.minutes(10)))
struct EditPostTests {
    static let sample = "2019/03/14/why-i-moved-my-blog-home.markdown"

    @Test func keepsUnknownKeysAndTheFileAndChangesOnlyWhatWasSent() async throws {
        try await ShimHarness.run { shim in
            let before = try MetadataParser().parse(shim.blog.bytes("posts/" + Self.sample))
            #expect(try await shim.success("metaWeblog.editPost", [.string(Self.sample)] + ShimHarness.login + [["title": "A new title"], true]) == true)
            let after = try MetadataParser().parse(shim.blog.bytes("posts/" + Self.sample))
            #expect(after.metadata["title"] == "A new title")
            #expect(after.metadata["dbid"] == "101")
            #expect(after.metadata["pubDate"] == before.metadata["pubDate"])
            #expect(after.metadata["categoryArray"] == before.metadata["categoryArray"])
            #expect(after.metadata["modDate"] != nil)
            #expect(after.body == before.body)
            #expect(after.metadata.fields.map(\.key) == ["title", "pubDate", "categoryArray", "dbid", "modDate"])
            #expect(try shim.blog.read("site/2019/03/14/why-i-moved-my-blog-home.html").contains("A new title"))
        }
    }

    @Test func changesPubDateOnlyWhenDateCreatedChangesAndNeverMovesTheFile() async throws {
        try await ShimHarness.run { shim in
            let post = try await shim.success("metaWeblog.getPost", [.string(Self.sample)] + ShimHarness.login)
            // The same moment in another zone is no change.
            let sameMoment = XMLRPCDateTime(iso8601: "20190315T04:05:12Z")!
            _ = try await shim.success("metaWeblog.editPost", [.string(Self.sample)] + ShimHarness.login + [["dateCreated": .dateTime(sameMoment), "description": "x"], true])
            #expect(try MetadataParser().parse(shim.blog.bytes("posts/" + Self.sample)).metadata["pubDate"] == "2019-03-14 21:05:12 -0700")
            #expect(post["dateCreated"]?.dateTimeValue?.date(defaultTimeZone: .gmt) == sameMoment.date(defaultTimeZone: .gmt))

            let later = XMLRPCDateTime(iso8601: "20200101T09:00:00")!
            _ = try await shim.success("metaWeblog.editPost", [.string(Self.sample)] + ShimHarness.login + [["dateCreated": .dateTime(later)], true])
            #expect(try MetadataParser().parse(shim.blog.bytes("posts/" + Self.sample)).metadata["pubDate"] == "2020-01-01 09:00:00 -0800")
            #expect(shim.blog.exists("site/2019/03/14/why-i-moved-my-blog-home.html"))
            #expect(!shim.blog.exists("posts/2020/01/01/why-i-moved-my-blog-home.markdown"))
        }
    }

    @Test func refusesADateOutsideTheYearsAFileCanHold() async throws {
        // 9999-12-31 23:00 at -05:00 is the year 10000 on a UTC site: an @pubDate bake cannot read.
        try await ShimHarness.run(settings: ["@time_zone UTC"]) { shim in
            let before = try shim.blog.bytes("posts/" + Self.sample)
            let date: XMLRPCValue = .dateTime(XMLRPCDateTime(iso8601: "99991231T23:00:00-05:00")!)
            for member in ["dateCreated", "date_created_gmt"] {
                let fault = try await shim.fault("metaWeblog.editPost", [.string(Self.sample)] + ShimHarness.login + [["title": "Far Future", member: date], true])
                #expect(fault.code == -32602)
                #expect(fault.message.contains("parameter 4 (content) has \(member) 99991231T23:00:00-05:00"))
                #expect(fault.message.contains("expected a date in the years 0 to 9999 in the site's time zone"))
            }
            #expect(try shim.blog.bytes("posts/" + Self.sample) == before)
        }
    }

    @Test func faultsAMissingPostID() async throws {
        try await ShimHarness.run { shim in
            for postID: XMLRPCValue in ["2030/01/01/nope.markdown", "../site.settings", "2019/03/14/../../../../site.settings", "", "posts/2019/03/14/late_night_note.markdown", 42] {
                var fault = try await shim.fault("metaWeblog.getPost", [postID] + ShimHarness.login)
                #expect(fault.code == 404)
                #expect(fault.message.contains("Post not found"))
                fault = try await shim.fault("metaWeblog.editPost", [postID] + ShimHarness.login + [["title": "x"], true])
                #expect(fault.code == 404)
                fault = try await shim.fault("blogger.deletePost", ["", postID] + ShimHarness.login + [true])
                #expect(fault.code == 404)
                fault = try await shim.fault("mt.setPostCategories", [postID] + ShimHarness.login + [[]])
                #expect(fault.code == 404)
            }
            let fault = try await shim.fault("metaWeblog.getPost", [])
            #expect(fault.code == -32602)
            #expect(fault.message.contains("parameter 1 (postid) is missing"))
            #expect(shim.blog.outsideItems == ["blog"])
        }
    }

    @Test func reSavingAnUnchangedPostLeavesItsFileAsItWas() async throws {
        try await ShimHarness.run { shim in
            let path = "posts/2024/02/02/untitled.markdown"
            let text = "@title (empty-string)\n@pubDate 2024-02-02 10:00:00 -0800\n@categoryArray Swift,Writing\n@mood calm\n\nJust a note.\n"
            try shim.blog.write(text, to: path)
            let postID: XMLRPCValue = "2024/02/02/untitled.markdown"
            let post = try await shim.success("metaWeblog.getPost", [postID] + ShimHarness.login)
            // Sent back whole, as editors do, with either publish flag.
            for publish in [true, false] {
                #expect(try await shim.success("metaWeblog.editPost", [postID] + ShimHarness.login + [post, .bool(publish)]) == true)
                #expect(try shim.blog.read(path) == text)
            }
            #expect(!shim.log.events.contains { if case .saved = $0 { true } else { false } })
        }
    }

    @Test func honoursPostStatusOverThePublishFlag() async throws {
        try await ShimHarness.run { shim in
            let date: XMLRPCValue = .dateTime(XMLRPCDateTime(iso8601: "20230303T12:00:00")!)
            let content: XMLRPCValue = ["title": "Status", "description": "Text.", "dateCreated": date, "post_status": "draft"]
            let postID = try #require(try await shim.success("metaWeblog.newPost", ["1"] + ShimHarness.login + [content, true]).stringValue)
            #expect(shim.blog.exists("drafts/" + postID))
            _ = try await shim.success("metaWeblog.editPost", [.string(postID)] + ShimHarness.login + [["post_status": "publish"], false])
            #expect(shim.blog.exists("posts/" + postID))
            #expect(shim.blog.exists("site/2023/03/03/status.html"))
            _ = try await shim.success("metaWeblog.editPost", [.string(postID)] + ShimHarness.login + [["post_status": "draft"], true])
            #expect(shim.blog.exists("drafts/" + postID))
            #expect(!shim.blog.exists("posts/" + postID))
            #expect(!shim.blog.exists("site/2023/03/03/status.html"))
            let fault = try await shim.fault("metaWeblog.editPost", [.string(postID)] + ShimHarness.login + [["post_status": "later"], true])
            #expect(fault.code == -32602)
            #expect(fault.message.contains("post_status"))
        }
    }

    @Test func anImpossibleDateIsAParameterFault() async throws {
        try await ShimHarness.run { shim in
            let call = """
            <?xml version="1.0"?><methodCall><methodName>metaWeblog.newPost</methodName><params>
            <param><value>1</value></param><param><value>\(TestLogin.user)</value></param>
            <param><value>x</value></param>
            <param><value><struct><member><name>dateCreated</name><value><dateTime.iso8601>20140230T12:00:00</dateTime.iso8601></value></member></struct></value></param>
            </params></methodCall>
            """
            let response = try await shim.post(Array(call.utf8))
            guard case .fault(let fault) = response else { throw TestFailure(description: "\(response)") }
            #expect(fault.code == -32602)
        }
    }

    @Test func leavesTheFileAloneWhenTheTextItWouldWriteIsTheSame() async throws {
        try await ShimHarness.run { shim in
            let before = try shim.blog.bytes("posts/" + Self.sample)
            // A header line drops trailing spaces, so this is the title the file already has.
            for _ in 0..<2 {
                _ = try await shim.success("metaWeblog.editPost", [.string(Self.sample)] + ShimHarness.login + [["title": "Why I moved my blog home "], true])
                #expect(try shim.blog.bytes("posts/" + Self.sample) == before)
            }
            #expect(!shim.log.events.contains { if case .saved = $0 { true } else { false } })
        }
    }

    @Test func keepsDraftsOffTheSiteUntilPublishedUnderTheSamePostID() async throws {
        try await ShimHarness.run { shim in
            let content: XMLRPCValue = ["title": "Not Yet", "description": "Draft text."]
            let postID = try #require(try await shim.success("metaWeblog.newPost", ["1"] + ShimHarness.login + [content, false]).stringValue)
            #expect(shim.blog.exists("drafts/" + postID))
            #expect(!shim.blog.exists("posts/" + postID))
            #expect(try MetadataParser().parse(shim.blog.bytes("drafts/" + postID)).metadata["pubDate"] == nil)
            let html = postID.replacingOccurrences(of: ".markdown", with: ".html")
            #expect(!shim.blog.exists("site/" + html))

            let draft = try await shim.success("metaWeblog.getPost", [.string(postID)] + ShimHarness.login)
            #expect(draft["post_status"] == "draft")
            // The permalink the draft gets when published, from its calendar folder.
            let permaLink = "https://smallbatch.example.com/" + html
            #expect(draft["permaLink"] == .string(permaLink))
            let recent = try await shim.success("metaWeblog.getRecentPosts", ["1"] + ShimHarness.login + [50])
            #expect(recent.arrayValue?.contains { $0["postid"] == .string(postID) } == true)

            // Sending the draft back unchanged, as editors do, leaves it a draft and unchanged.
            let text = try shim.blog.read("drafts/" + postID)
            _ = try await shim.success("metaWeblog.editPost", [.string(postID)] + ShimHarness.login + [draft, false])
            #expect(try shim.blog.read("drafts/" + postID) == text)

            #expect(try await shim.success("mt.publishPost", [.string(postID)] + ShimHarness.login) == true)
            #expect(!shim.blog.exists("drafts/" + postID))
            #expect(shim.blog.exists("posts/" + postID))
            #expect(try MetadataParser().parse(shim.blog.bytes("posts/" + postID)).metadata["pubDate"] != nil)
            #expect(try shim.blog.read("site/" + html).contains("Draft text."))
            let published = try await shim.success("metaWeblog.getPost", [.string(postID)] + ShimHarness.login)
            #expect(published["post_status"] == "publish")
            #expect(published["permaLink"] == .string(permaLink))
        }
    }

    @Test func publishesADraftThroughEditPost() async throws {
        try await ShimHarness.run { shim in
            let date: XMLRPCValue = .dateTime(XMLRPCDateTime(iso8601: "20220606T06:06:06")!)
            let postID = try #require(try await shim.success("metaWeblog.newPost", ["1"] + ShimHarness.login + [["title": "Later", "dateCreated": date], false]).stringValue)
            #expect(postID == "2022/06/06/later.markdown")
            #expect(try MetadataParser().parse(shim.blog.bytes("drafts/" + postID)).metadata["pubDate"] == "2022-06-06 06:06:06 -0700")
            _ = try await shim.success("metaWeblog.editPost", [.string(postID)] + ShimHarness.login + [["description": "Now."], true])
            #expect(shim.blog.files("drafts").isEmpty)
            #expect(try MetadataParser().parse(shim.blog.bytes("posts/" + postID)).body == "Now.")
            #expect(shim.blog.exists("site/2022/06/06/later.html"))
        }
    }
}
