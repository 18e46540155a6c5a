import BakeIO
import BakeKit
import BakeTestSupport
import Foundation
import Testing

/// After every kind of change, an incremental build gives exactly the bytes of a clean build,
/// and writes exactly the files whose bytes changed: on the default theme, and on a theme whose
/// every template prints every context key, so that a value a page shows but its fingerprint
/// missed cannot hide behind a theme that does not show it.
@Suite struct IncrementalSoundnessTests {
    enum ThemeKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case defaultTheme
        case everyKey

        var testDescription: String { rawValue }
    }

    /// One kind of change to the blog (and the theme, at `theme`), before the second build.
    struct Change: Sendable, CustomTestStringConvertible {
        let name: String
        let apply: @Sendable (_ blog: String, _ theme: String?) throws -> Void
        var testDescription: String { name }
    }

    static let changes: [Change] = [
        Change(name: "edit a post's body") { blog, _ in
            let path = "posts/2020/04/18/dates-are-hard.markdown"
            try write(try read(path, in: blog) + "\nOne more line, added later.\n", to: path, in: blog)
        },
        Change(name: "retitle a post") { blog, _ in
            let path = "posts/2020/04/18/dates-are-hard.markdown"
            let text = try read(path, in: blog)
            try write(text.replacingOccurrences(of: "@title ", with: "@title Still: "), to: path, in: blog)
        },
        Change(name: "change a post's categories") { blog, _ in
            let path = "posts/2020/04/18/dates-are-hard.markdown"
            let lines = try read(path, in: blog).split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("@categoryArray") }
            try write("@categoryArray Brand New, Time\n" + lines.joined(separator: "\n"), to: path, in: blog)
        },
        Change(name: "add a post") { blog, _ in
            try write("@title Brand new\n@pubDate 2026-10-31 09:00:00 -0700\n@categoryArray Notes\n\nA post in a month of its own.\n",
                      to: "posts/2026/10/31/brand-new.markdown", in: blog)
        },
        Change(name: "delete a post") { blog, _ in
            try FileManager.default.removeItem(atPath: blog + "/posts/2020/04/18/dates-are-hard.markdown")
        },
        Change(name: "rename a post") { blog, _ in
            try FileManager.default.moveItem(atPath: blog + "/posts/2020/04/18/dates-are-hard.markdown",
                                             toPath: blog + "/posts/2020/04/18/dates-are-still-hard.markdown")
        },
        Change(name: "edit a page") { blog, _ in
            let page = try #require(allFiles(in: blog + "/pages").first { $0.hasSuffix(".markdown") })
            try write(try read("pages/" + page, in: blog) + "\nA new paragraph.\n", to: "pages/" + page, in: blog)
        },
        Change(name: "change a template") { blog, theme in
            if let theme {
                try write(try read("templates/post.mustache", in: theme) + "<!-- changed -->\n", to: "templates/post.mustache", in: theme)
            } else {
                try write("{{<layout}}{{$content}}{{#post}}{{> article}}{{/post}}<p>changed</p>{{/content}}{{/layout}}\n", to: "templates/post.mustache", in: blog)
            }
        },
        Change(name: "change a setting") { blog, _ in
            try write(try read("site.settings", in: blog) + "@home_post_count 2\n@date_format %e %B %Y\n", to: "site.settings", in: blog)
        },
        Change(name: "change a theme asset") { blog, theme in
            if let theme {
                try write("body { color: teal; }\n", to: "static/style.css", in: theme)
            } else {
                try write("body { color: teal; }\n", to: "static/style.css", in: blog)
            }
        },
    ]

    @Test(arguments: ThemeKind.allCases, changes)
    func incrementalMatchesClean(theme kind: ThemeKind, change: Change) async throws {
        try await withTemporaryFolder { root in
            let blog = root + "/blog"
            try copySample(to: blog)
            let theme = kind == .everyKey ? root + "/theme" : nil
            if let theme { try Self.writeEveryKeyTheme(to: theme) }
            _ = try await bake(blog, into: root + "/incremental", theme: theme).summary()
            _ = try await bake(blog, into: root + "/before", theme: theme, clean: true).summary()
            try change.apply(blog, theme)
            let summary = try await bake(blog, into: root + "/incremental", theme: theme).summary()
            _ = try await bake(blog, into: root + "/clean", theme: theme, clean: true).summary()
            try expectSameSite(root + "/incremental", root + "/clean")
            // Written: exactly the files a clean build says changed or appeared.
            let changed = try Self.changedFiles(from: root + "/before", to: root + "/clean")
            #expect(Set(summary.written) == changed, "written but unchanged: \(Set(summary.written).subtracting(changed).sorted()); changed but not written: \(changed.subtracting(summary.written).sorted())")
            #expect(summary.rendered >= changed.count)
        }
    }

    /// A post dated in the future appears once the build's time passes it, with its pages and
    /// lists, as in a clean build at that time.
    @Test(arguments: ThemeKind.allCases)
    func aScheduledPostAppearsWhenItsHourComes(theme kind: ThemeKind) async throws {
        let zone = TimeZone(identifier: "America/Los_Angeles")!
        let before = try #require(DateParser(timeZone: zone).parse("2026-10-31 23:59:00"))
        let after = try #require(DateParser(timeZone: zone).parse("2026-11-01 00:31:00"))
        try await withTemporaryFolder { root in
            let blog = root + "/blog"
            try copySample(to: blog)
            let theme = kind == .everyKey ? root + "/theme" : nil
            if let theme { try Self.writeEveryKeyTheme(to: theme) }
            try write("@title At midnight\n@pubDate 2026-11-01 00:30:00\n@categoryArray Notes\n\nPublished when its time comes.\n",
                      to: "posts/2026/11/01/at-midnight.markdown", in: blog)
            let first = try await bake(blog, into: root + "/incremental", theme: theme, now: before).summary()
            #expect(!first.written.contains("2026/11/01/at-midnight.html"))
            let second = try await bake(blog, into: root + "/incremental", theme: theme, now: after).summary()
            #expect(second.written.contains("2026/11/01/at-midnight.html"))
            _ = try await bake(blog, into: root + "/clean", theme: theme, clean: true, now: after).summary()
            try expectSameSite(root + "/incremental", root + "/clean")
        }
    }

    @Test func theEveryKeyThemeShowsWhatItShouldAtAll() async throws {
        // Guards the guard: were the theme's keys misspelt, it would print nothing and the
        // suite above would prove little.
        try await withTemporaryFolder { root in
            try copySample(to: root + "/blog")
            try Self.writeEveryKeyTheme(to: root + "/theme")
            _ = try await bake(root + "/blog", into: root + "/site", theme: root + "/theme").summary()
            let home = try read("index.html", in: root + "/site")
            #expect(home.contains("site.name=") && !home.contains("site.name=|"))
            #expect(home.contains("post.date_iso=20"))
            #expect(home.contains("category.url=/categories/"))
            let post = try read("2020/04/18/dates-are-hard.html", in: root + "/site")
            #expect(post.contains("previous.url=/"))
            #expect(post.contains("social.url=https://"))
            // Every key the theme prints shows a value on some page, but those the sample blog
            // has nothing for.
            var shown = Set<String>(), printed = Set<String>()
            for file in allFiles(in: root + "/site") where file.hasSuffix(".html") {
                for field in try read(file, in: root + "/site").split(separator: "|") {
                    guard let equals = field.firstIndex(of: "="), let label = field[..<equals].split(whereSeparator: \.isWhitespace).last else { continue }
                    printed.insert(String(label))
                    if field.index(after: equals) < field.endIndex { shown.insert(String(label)) }
                }
            }
            // The sample sets no icon, home title or XML-RPC URL, lives at its host's root, and
            // month links have no display title.
            let nothingInTheSample: Set<String> = ["site.icon_url", "site.home_title", "site.rsd_url", "site.base", "display_title"]
            #expect(printed.count > 60, "\(printed.sorted())")
            #expect(printed.subtracting(shown).subtracting(nothingInTheSample).isEmpty, "never shown: \(printed.subtracting(shown).subtracting(nothingInTheSample).sorted())")
        }
    }
}

private extension IncrementalSoundnessTests {
    /// Paths whose bytes differ between two sites, or that only the second has.
    static func changedFiles(from a: String, to b: String) throws -> Set<String> {
        var changed = Set<String>()
        for file in allFiles(in: b) where file != SiteManifest.fileName {
            let new = try Data(contentsOf: URL(fileURLWithPath: b + "/" + file))
            let old = try? Data(contentsOf: URL(fileURLWithPath: a + "/" + file))
            if old != new { changed.insert(file) }
        }
        return changed
    }

    /// A theme whose every page template prints every key a template can see, by name.
    static func writeEveryKeyTheme(to folder: String) throws {
        func keys(_ prefix: String, _ names: [String]) -> String {
            names.map { "\(prefix)\($0)={{\($0)}}|" }.joined()
        }
        let post = keys("post.", ["title", "display_title", "url", "absolute_url", "date", "date_iso", "mod_date", "mod_date_iso", "slug", "link"])
            + "{{#has_title}}has_title{{/has_title}}{{#is_link_post}}is_link_post{{/is_link_post}}{{#has_mod_date}}has_mod_date{{/has_mod_date}}"
            + "{{#is_draft}}is_draft{{/is_draft}}{{#is_future}}is_future{{/is_future}}{{#is_excerpt}}is_excerpt{{/is_excerpt}}"
            + "{{#has_categories}}has_categories{{/has_categories}}{{#categories}}" + keys("category.", ["name", "url"]) + "{{/categories}}"
            + "{{#episode}}" + keys("episode.", ["url", "type"]) + "{{#is_audio}}is_audio{{/is_audio}}{{/episode}}"
            + "meta.title={{meta.title}}|content={{{content}}}\n"
        let link = keys("", ["label", "url"])
        let everything = keys("", ["site.name", "site.description", "site.author", "site.language", "site.url", "site.base", "site.home_url",
                                         "site.archive_url", "site.archive_title", "site.rss_url", "site.json_feed_url", "site.categories_url",
                                         "site.stylesheet_url", "site.favicon_url", "site.icon_url", "site.home_title", "site.year", "site.rsd_url",
                                         "site.meta.site_name"])
            + "{{#site.has_blog}}has_blog{{/site.has_blog}}{{#site.pages}}" + keys("nav.", ["title", "url"]) + "{{#is_current}}current{{/is_current}}{{/site.pages}}\n"
            + keys("", ["page_title", "canonical_url", "description", "month_label", "year", "month", "post_count", "category_count"])
            + ["is_home", "is_home_page", "is_post", "is_page", "is_month", "is_year", "is_archive", "is_category", "is_categories", "is_not_found", "has_categories"]
                .map { "{{#\($0)}}\($0){{/\($0)}}" }.joined() + "\n"
            + "{{#social}}" + keys("social.", ["type", "title", "url", "description", "site_name", "image", "card"]) + "{{/social}}\n"
            + "{{#pagination}}" + keys("pagination.", ["page", "page_count", "newer_url", "older_url"]) + "{{#is_paginated}}paginated{{/is_paginated}}{{/pagination}}\n"
            + "{{#feeds}}" + keys("feed.", ["title", "type", "url"]) + "{{/feeds}}\n"
            + "{{#category}}" + keys("category.", ["name", "slug", "url", "count", "rss_url", "json_feed_url"]) + "{{/category}}\n"
            + "{{#categories}}" + keys("category.", ["name", "slug", "url", "count", "rss_url", "json_feed_url"]) + "{{/categories}}\n"
            + "{{#post}}\(post){{/post}}{{#posts}}\(post){{/posts}}\n"
            + "{{#page}}" + keys("page.", ["title", "url", "meta.title"]) + "{{#show_title}}show_title{{/show_title}}content={{{content}}}{{/page}}\n"
            + "{{#previous}}" + keys("previous.", ["display_title", "url"]) + "{{/previous}}{{#next}}" + keys("next.", ["display_title", "url"]) + "{{/next}}\n"
            + "{{#previous_month}}\(link){{/previous_month}}{{#next_month}}\(link){{/next_month}}{{#previous_year}}\(link){{/previous_year}}{{#next_year}}\(link){{/next_year}}\n"
            + "{{#months}}\(link)name={{name}}|{{#posts}}" + keys("entry.", ["display_title", "url", "date", "date_iso"])
            + "{{#is_link_post}}link{{/is_link_post}}{{#is_draft}}draft{{/is_draft}}{{#is_future}}future{{/is_future}}{{/posts}}{{/months}}\n"
            + "{{#years}}" + keys("year.", ["year", "url"]) + "{{#months}}\(link)name={{name}}|count={{count}}|{{#posts}}" + keys("entry.", ["display_title", "url", "date", "day_iso"]) + "{{/posts}}{{/months}}{{/years}}\n"
        try write(everything, to: "templates/everything.mustache", in: folder)
        for name in TemplateSet.requiredNames + TemplateSet.listNames {
            try write("<!doctype html>\n<title>\(name)</title>\n{{> everything}}\n", to: "templates/\(name).mustache", in: folder)
        }
        try write("body { color: black; }\n", to: "static/style.css", in: folder)
    }
}

/// The body cache: what lets a new post, which moves every other down a place on the lists,
/// cost a file read rather than a parse of every post those lists show.
@Suite struct BodyCacheTests {
    /// A blog of `count` short posts, one a day, one a page on the home page's list.
    static func manyPosts(_ count: Int, in blog: String) throws {
        try write("@site_name Many\n@site_url https://example.com\n@home_post_count 1\n", to: "site.settings", in: blog)
        for day in 0..<count {
            let date = Date(timeIntervalSince1970: 1_500_000_000 + Double(day) * 86_400)
            let parts = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: date)
            let folder = String(format: "posts/%04d/%02d/%02d", parts.year!, parts.month!, parts.day!)
            try write("@title Day \(day)\n@pubDate \(String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)) 09:00:00 +0000\n\nPost *\(day)*.\n",
                      to: folder + "/day-\(day).markdown", in: blog)
        }
    }

    @Test func aNewPostReadsTheOthersBodiesFromTheBodyCache() async throws {
        let count = SiteBuilder.bodiesWorthTheBodyCache + 10
        try await withTemporaryFolder { root in
            let blog = root + "/blog"
            try Self.manyPosts(count, in: blog)
            _ = try await bake(blog, into: root + "/incremental").summary()
            #expect(FileIO.exists(blog + "/.bake-cache/bodies"))
            try write("@title Newest\n@pubDate 2030-01-01 09:00:00 +0000\n\nThe newest.\n", to: "posts/2030/01/01/newest.markdown", in: blog)
            let summary = try await bake(blog, into: root + "/incremental").summary()
            // Every page of older posts shifted by one.
            #expect(summary.rendered > count)
            _ = try await bake(blog, into: root + "/clean", clean: true).summary()
            try expectSameSite(root + "/incremental", root + "/clean")
        }
    }

    @Test func aDamagedOrStaleBodyCacheOnlyCostsTime() async throws {
        let count = SiteBuilder.bodiesWorthTheBodyCache + 10
        try await withTemporaryFolder { root in
            let blog = root + "/blog"
            try Self.manyPosts(count, in: blog)
            _ = try await bake(blog, into: root + "/incremental").summary()
            // Cut in the middle of an entry: the bodies before the cut are still used, the rest parsed.
            let bodies = try FileIO.read(blog + "/.bake-cache/bodies")
            try FileIO.writeAtomically(Array(bodies.prefix(bodies.count / 2)), to: blog + "/.bake-cache/bodies", durable: false)
            // And an edited post, whose cached body is for other bytes.
            try write("@title Day 3, edited\n@pubDate 2017-07-17 09:00:00 +0000\n\nEdited.\n", to: "posts/2017/07/17/day-3.markdown", in: blog)
            try write("@title Newest\n@pubDate 2030-01-01 09:00:00 +0000\n\nThe newest.\n", to: "posts/2030/01/01/newest.markdown", in: blog)
            _ = try await bake(blog, into: root + "/incremental").summary()
            _ = try await bake(blog, into: root + "/clean", clean: true).summary()
            try expectSameSite(root + "/incremental", root + "/clean")
        }
    }

    /// Bodies carry root-relative links under the site's path, so a new `@site_url` path must
    /// not reuse bodies made for the old one.
    @Test func aNewSitePathDoesNotReuseBodiesMadeForTheOld() async throws {
        let count = SiteBuilder.bodiesWorthTheBodyCache + 10
        try await withTemporaryFolder { root in
            let blog = root + "/blog"
            try Self.manyPosts(count, in: blog)
            try write("@title Linked\n@pubDate 2017-07-14 10:00:00 +0000\n\nSee [the about page](/about.html).\n", to: "posts/2017/07/14/linked.markdown", in: blog)
            _ = try await bake(blog, into: root + "/incremental").summary()
            try write(try read("site.settings", in: blog).replacingOccurrences(of: "https://example.com", with: "https://example.com/blog"), to: "site.settings", in: blog)
            _ = try await bake(blog, into: root + "/incremental").summary()
            #expect(try read("2017/07/14/linked.html", in: root + "/incremental").contains("href=\"/blog/about.html\""))
            _ = try await bake(blog, into: root + "/clean", clean: true).summary()
            try expectSameSite(root + "/incremental", root + "/clean")
        }
    }
}

