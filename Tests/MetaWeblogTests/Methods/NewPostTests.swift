import BakeKit
import Foundation
import MetaWeblog
import Testing
import XMLRPC

@Suite(.timeLimit(.minutes(10)))
struct NewPostTests {
    @Test func namesTheFileFromTheSlugThenTheTitleThenTheText() async throws {
        try await ShimHarness.run { shim in
            let date: XMLRPCValue = .dateTime(XMLRPCDateTime(iso8601: "2021-02-03T04:05:06Z")!)
            func newPost(_ content: XMLRPCValue) async throws -> String? {
                try await shim.success("metaWeblog.newPost", ["1"] + ShimHarness.login + [content, true]).stringValue
            }
            // 04:05 UTC is the evening before in Los Angeles, the site's zone.
            #expect(try await newPost(["wp_slug": "Mark_All as Read", "title": "Ignored", "dateCreated": date]) == "2021/02/02/mark_all-as-read.markdown")
            #expect(try await newPost(["mt_basename": "from-mt", "dateCreated": date]) == "2021/02/02/from-mt.markdown")
            #expect(try await newPost(["title": "Crème Brûlée, Again!", "dateCreated": date]) == "2021/02/02/creme-brulee-again.markdown")
            #expect(try await newPost(["title": "Crème Brûlée, Again!", "description": "Another one.", "dateCreated": date]) == "2021/02/02/creme-brulee-again-2.markdown")
            #expect(try await newPost(["description": "<p>Just a <em>quick</em> note about nothing much at all today.</p>", "dateCreated": date])
                == "2021/02/02/just-a-quick-note-about-nothing.markdown")
            #expect(try await newPost(["description": "🎉🎉", "dateCreated": date]) == "2021/02/02/post.markdown")
            let long = String(repeating: "word ", count: 40)
            let slug = try #require(try await newPost(["title": .string(long), "dateCreated": date]))
            #expect(slug.count <= "2021/02/02/".count + 60 + ".markdown".count)
            #expect(!slug.contains("-.") && slug.hasSuffix("word.markdown"))
            let file = try MetadataParser().parse(shim.blog.bytes("posts/2021/02/02/post.markdown"))
            #expect(file.metadata["title"] == nil)
            #expect(file.metadata["pubDate"] == "2021-02-02 20:05:06 -0800")
        }
    }

    @Test func choosesTheFormatFromTheTextFilter() async throws {
        try await ShimHarness.run { shim in
            let cases: [(XMLRPCValue, String)] = [("markdown", "markdown"), (1, "markdown"), ("1", "markdown"), ("0", "html"), ("__default__", "html"), ("html", "html")]
            for (index, (filter, ext)) in cases.enumerated() {
                let content: XMLRPCValue = ["title": .string("Filter \(index)"), "description": "<p>Hi</p>", "mt_convert_breaks": filter]
                let postID = try #require(try await shim.success("metaWeblog.newPost", ["1"] + ShimHarness.login + [content, true]).stringValue)
                #expect(postID.hasSuffix("/filter-\(index).\(ext)"))
                let post = try await shim.success("metaWeblog.getPost", [.string(postID)] + ShimHarness.login)
                #expect(post["mt_convert_breaks"] == .string(ext))
            }
        }
    }

    @Test func keepsExtendedTextInTheBody() async throws {
        try await ShimHarness.run { shim in
            let content: XMLRPCValue = ["title": "More", "description": "Intro.", "mt_text_more": "The rest."]
            let postID = try #require(try await shim.success("metaWeblog.newPost", ["1"] + ShimHarness.login + [content, true]).stringValue)
            #expect(try MetadataParser().parse(shim.blog.bytes("posts/" + postID)).body == "Intro.\n\n<!--more-->\n\nThe rest.")
            let post = try await shim.success("metaWeblog.getPost", [.string(postID)] + ShimHarness.login)
            #expect(post["description"] == "Intro.\n\n<!--more-->\n\nThe rest.")
            #expect(post["mt_text_more"] == "")
        }
    }

    @Test func returnsStructsWithEveryMemberAndNoNil() async throws {
        try await ShimHarness.run { shim in
            let postID = try await shim.success("metaWeblog.newPost", ["1"] + ShimHarness.login + [["description": "untitled"], true])
            let post = try await shim.success("metaWeblog.getPost", [postID] + ShimHarness.login)
            let members = try #require(post.structValue)
            for name in ["postid", "title", "description", "link", "permaLink", "dateCreated", "categories", "userid"] {
                #expect(members[name] != nil, "missing \(name)")
            }
            #expect(!members.members.contains { $0.value == .nil })
            #expect(post["title"] == "")
            #expect(post["categories"] == [])
            let titles = try await shim.success("mt.getRecentPostTitles", ["1"] + ShimHarness.login + [3])
            #expect(titles.arrayValue?.first?["postid"] == postID)
            #expect(titles.arrayValue?.first?["title"] == "")
        }
    }

    @Test func refusesADateOutsideTheYearsAFileCanHold() async throws {
        // On a UTC site, 23:00 at -05:00 on the last day of 9999 is already the year 10000,
        // which no calendar folder or @pubDate can name.
        try await ShimHarness.run(settings: ["@time_zone UTC"]) { shim in
            let before = shim.blog.files("posts")
            for member in ["dateCreated", "date_created_gmt"] {
                let date: XMLRPCValue = .dateTime(XMLRPCDateTime(iso8601: "99991231T23:00:00-05:00")!)
                for publish in [true, false] {
                    let fault = try await shim.fault("metaWeblog.newPost", ["1"] + ShimHarness.login + [["title": "Far Future", member: date], .bool(publish)])
                    #expect(fault.code == -32602)
                    #expect(fault.message.contains("parameter 4 (content) has \(member) 99991231T23:00:00-05:00"))
                    #expect(fault.message.contains("expected a date in the years 0 to 9999 in the site's time zone"))
                }
            }
            #expect(shim.blog.files("posts") == before)
            #expect(shim.blog.files("drafts").isEmpty)
            // The server is still up.
            _ = try await shim.success("metaWeblog.newPost", ["1"] + ShimHarness.login + [["title": "Still here"], true])
        }
    }

    @Test func answersWithThePostIDWhenTheRebakeFailsAndLogsWhy() async throws {
        try await ShimHarness.run { shim in
            try shim.blog.write("@title Broken\n@pubDate the day after tomorrow\n\nBody\n", to: "posts/2020/01/01/broken.markdown")
            let content: XMLRPCValue = ["title": "Still saved", "description": "Safe."]
            let postID = try #require(try await shim.success("metaWeblog.newPost", ["1"] + ShimHarness.login + [content, true]).stringValue)
            #expect(postID.hasSuffix("/still-saved.markdown"))
            #expect(try MetadataParser().parse(shim.blog.bytes("posts/" + postID)).body == "Safe.")
            let failure = shim.log.events.compactMap { if case .siteNotRebuilt(let failure) = $0 { failure } else { nil } }.first
            #expect(failure?.description.contains("posts/2020/01/01/broken.markdown:2") == true)

            // The editor sends the same call again (its answer was lost): the same post, no second file.
            let again = try await shim.success("metaWeblog.newPost", ["1"] + ShimHarness.login + [content, true])
            #expect(again == .string(postID))
            #expect(shim.blog.files("posts").filter { $0.contains("still-saved") } == [postID])
            // A post that differs is a new post.
            let other = try await shim.success("metaWeblog.newPost", ["1"] + ShimHarness.login + [["title": "Still saved", "description": "Other."], true])
            #expect(other.stringValue?.hasSuffix("/still-saved-2.markdown") == true)
        }
    }

    @Test func answersADatedRetryWithThePostItWrote() async throws {
        try await ShimHarness.run { shim in
            let content: XMLRPCValue = ["title": "Twice", "description": "Once.", "dateCreated": .dateTime(XMLRPCDateTime(iso8601: "20240101T10:00:00")!)]
            let first = try await shim.success("metaWeblog.newPost", ["1"] + ShimHarness.login + [content, false])
            let second = try await shim.success("metaWeblog.newPost", ["1"] + ShimHarness.login + [content, false])
            #expect(first == second)
            #expect(shim.blog.files("drafts/2024/01/01") == ["twice.markdown"])
        }
    }

    @Test func loses20ConcurrentPostsNeverAndSharesNoFile() async throws {
        try await ShimHarness.run { shim in
            let date: XMLRPCValue = .dateTime(XMLRPCDateTime(iso8601: "20250704T12:00:00")!)
            let postIDs = try await withThrowingTaskGroup(of: (Int, String).self) { group in
                for number in 0..<20 {
                    group.addTask {
                        let content: XMLRPCValue = ["title": "Same Title", "description": .string("Post number \(number)."), "dateCreated": date]
                        let postID = try await shim.success("metaWeblog.newPost", ["1"] + ShimHarness.login + [content, true])
                        return (number, try #require(postID.stringValue))
                    }
                }
                var postIDs: [Int: String] = [:]
                for try await (number, postID) in group { postIDs[number] = postID }
                return postIDs
            }
            #expect(postIDs.count == 20)
            #expect(Set(postIDs.values).count == 20)
            #expect(shim.blog.files("posts/2025/07/04").count == 20)
            for (number, postID) in postIDs {
                #expect(try MetadataParser().parse(shim.blog.bytes("posts/" + postID)).body == "Post number \(number).")
                let page = "site/" + postID.replacingOccurrences(of: ".markdown", with: ".html")
                #expect(try shim.blog.read(page).contains("Post number \(number)."))
            }
            #expect(Set(postIDs.values).contains("2025/07/04/same-title.markdown"))
            #expect(Set(postIDs.values).contains("2025/07/04/same-title-20.markdown"))
        }
    }
}
