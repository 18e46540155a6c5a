@testable import BakeIO
import BakeKit
import BakeTestSupport
import Foundation
import Testing

/// List entries are rendered once: a post's entry once per build however many lists show it,
/// and once per change across builds. Counted in renders, not time.
@Suite struct EntryStoreTests {
    static let postCount = 40

    /// `postCount` posts, one a day, in two categories that overlap, one post on each home
    /// page, so the lists have more pages than the entry cache needs to be read.
    static func blog(in blog: String, extraSettings: String = "") throws {
        try write("@site_name Entries\n@site_url https://example.com\n@home_post_count 1\n\(extraSettings)", to: "site.settings", in: blog)
        for day in 0..<postCount {
            let date = Date(timeIntervalSince1970: 1_500_000_000 + Double(day) * 86_400)
            let parts = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: date)
            let folder = String(format: "posts/%04d/%02d/%02d", parts.year!, parts.month!, parts.day!)
            let categories = day % 2 == 0 ? "Even, All" : "All"
            try write("@title Day \(day)\n@pubDate \(String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)) 09:00:00 +0000\n@categoryArray \(categories)\n\nPost *\(day)*.\n",
                      to: folder + "/day-\(day).markdown", in: blog)
        }
    }

    /// The file of day `day`'s post.
    static func path(ofDay day: Int) -> String {
        let date = Date(timeIntervalSince1970: 1_500_000_000 + Double(day) * 86_400)
        let parts = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: date)
        return String(format: "posts/%04d/%02d/%02d/day-\(day).markdown", parts.year!, parts.month!, parts.day!)
    }

    @Test func aCleanBuildRendersEachEntryOnce() async throws {
        try await withTemporaryFolder { root in
            try Self.blog(in: root + "/blog")
            // Each post is on a home page and on one or two category pages: three lists at most.
            let summary = try await bake(root + "/blog", into: root + "/site").summary()
            #expect(summary.entriesRendered == Self.postCount)
            #expect(FileIO.exists(root + "/blog/.bake-cache/entries"))
        }
    }

    @Test func aNewPostRendersOneEntryAndTheShiftedPagesAreAsAFullBuildMakesThem() async throws {
        try await withTemporaryFolder { root in
            let blog = root + "/blog"
            try Self.blog(in: blog)
            _ = try await bake(blog, into: root + "/incremental").summary()
            try write("@title Newest\n@pubDate 2017-12-01 09:00:00 +0000\n@categoryArray All\n\nThe newest.\n", to: "posts/2017/12/01/newest.markdown", in: blog)
            let added = try await bake(blog, into: root + "/incremental").summary()
            // Every home page and every page of All moved: 41 + 41 pages, put together from kept entries.
            #expect(added.rendered > 2 * Self.postCount)
            #expect(added.entriesRendered == 1)
            _ = try await bake(blog, into: root + "/clean", clean: true).summary()
            try expectSameSite(root + "/incremental", root + "/clean")
        }
    }

    @Test func anEditRendersTheEditedEntryAgain() async throws {
        try await withTemporaryFolder { root in
            let blog = root + "/blog"
            try Self.blog(in: blog)
            let memory = BuildMemory()
            _ = try await bake(blog, into: root + "/incremental", memory: memory).summary()
            let edited = try read(Self.path(ofDay: 3), in: blog).replacingOccurrences(of: "Post *3*.", with: "Edited *3*.")
            try write(edited, to: Self.path(ofDay: 3), in: blog)
            let summary = try await bake(blog, into: root + "/incremental", memory: memory).summary()
            #expect(summary.entriesRendered == 1)
            #expect(try read("index.html", in: root + "/incremental").isEmpty == false)
            _ = try await bake(blog, into: root + "/clean", clean: true).summary()
            try expectSameSite(root + "/incremental", root + "/clean")
        }
    }

    /// A theme whose entry shows the page it is on cannot share entries between pages; it
    /// renders each where it is, and right.
    @Test func anEntryThatReadsItsPageIsRenderedForEachPage() async throws {
        try await withTemporaryFolder { root in
            let blog = root + "/blog"
            try Self.blog(in: blog)
            try write("{{#posts}}<p>{{display_title}} on {{canonical_url}}</p>{{/posts}}\n", to: "templates/home.mustache", in: blog)
            try write("{{#posts}}<p>{{display_title}} in {{page_title}}{{#first()}} (first){{/first()}}</p>{{/posts}}\n", to: "templates/category.mustache", in: blog)
            let summary = try await bake(blog, into: root + "/incremental").summary()
            // Home pages: one entry each; category pages: their own, unkept (first() reads the position).
            #expect(summary.entriesRendered == Self.postCount)
            #expect(try read("page/2/index.html", in: root + "/incremental") == "<p>Day 38 on https://example.com/page/2/</p>\n")
            #expect(try read("categories/all/index.html", in: root + "/incremental") == "<p>Day 39 in All (first)</p>\n")
            try write("@title Newest\n@pubDate 2017-12-01 09:00:00 +0000\n@categoryArray All\n\nThe newest.\n", to: "posts/2017/12/01/newest.markdown", in: blog)
            _ = try await bake(blog, into: root + "/incremental").summary()
            _ = try await bake(blog, into: root + "/clean", clean: true).summary()
            try expectSameSite(root + "/incremental", root + "/clean")
        }
    }

    @Test func aDamagedOrStaleEntryCacheOnlyCostsTime() async throws {
        try await withTemporaryFolder { root in
            let blog = root + "/blog"
            try Self.blog(in: blog)
            _ = try await bake(blog, into: root + "/incremental").summary()
            let entries = try FileIO.read(blog + "/.bake-cache/entries")
            try FileIO.writeAtomically(Array(entries.prefix(entries.count / 2)), to: blog + "/.bake-cache/entries", durable: false)
            try write("@title Newest\n@pubDate 2017-12-01 09:00:00 +0000\n@categoryArray All\n\nThe newest.\n", to: "posts/2017/12/01/newest.markdown", in: blog)
            let added = try await bake(blog, into: root + "/incremental").summary()
            // The entries after the cut are rendered again; the ones before it are used.
            #expect(added.entriesRendered > 1 && added.entriesRendered < Self.postCount)
            // A new setting changes every entry's key: none is used.
            try write("@site_name Entries, renamed\n@site_url https://example.com\n@home_post_count 1\n", to: "site.settings", in: blog)
            let renamed = try await bake(blog, into: root + "/incremental").summary()
            #expect(renamed.entriesRendered == Self.postCount + 1)
            _ = try await bake(blog, into: root + "/clean", clean: true).summary()
            try expectSameSite(root + "/incremental", root + "/clean")
        }
    }
}
