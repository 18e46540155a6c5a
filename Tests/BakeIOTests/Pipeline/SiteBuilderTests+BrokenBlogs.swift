import BakeIO
import BakeKit
import BakeTestSupport
import Foundation
import Testing

/// A way to break `goodBlog`, and what bake must say about it.
struct BrokenBlog: Sendable, CustomTestStringConvertible {
    let name: String
    /// Files to add or replace, by path relative to the blog.
    let files: [String: [UInt8]]
    /// Files to delete.
    let removed: [String]
    /// The exact diagnostics, in order.
    let problems: [String]

    init(_ name: String, files: [String: String] = [:], bytes: [String: [UInt8]] = [:], removed: [String] = [], problems: [String]) {
        self.name = name
        self.files = files.mapValues { Array($0.utf8) }.merging(bytes) { $1 }
        self.removed = removed
        self.problems = problems
    }

    var testDescription: String { name }

    /// Applies the breakage to the blog at `root`.
    func apply(to root: String) throws {
        for (path, bytes) in files { try write(bytes, to: path, in: root) }
        for path in removed { try FileManager.default.removeItem(atPath: root + "/" + path) }
    }

    /// All of them in one blog: the problems of each, reported together.
    static func combined(_ blogs: [BrokenBlog]) -> BrokenBlog {
        var files: [String: [UInt8]] = [:]
        for blog in blogs { files.merge(blog.files) { $1 } }
        // Sorting whole lines sorts by path, then line, as bake does, for these paths.
        return BrokenBlog("everything at once", bytes: files, removed: blogs.flatMap(\.removed), problems: blogs.flatMap(\.problems).sorted())
    }

    static let dateExpected = "expected e.g. `2014-03-31 20:16:46 -0700`, `Fri Jan 30 09:29:34 -0800 2009` or `2014-03-31T20:16:46-07:00`"

    static let postProblems: [BrokenBlog] = [
        BrokenBlog(
            "a line break in a file name",
            files: [
                "posts/2019/01/01/new\nline.markdown": "@title New line\n@pubDate 2019-01-01 10:00:00\n\nBody.\n",
                "static/odd/we\nird.txt": "A static file.\n",
                "static/odd/two\nlines/a.txt": "In a folder whose name has a line break.\n",
                "static/odd/two\nlines/b.txt": "Another, named once.\n",
            ],
            problems: [
                "posts/2019/01/01: the name of the file `new\\nline.markdown` has a line break; expected a name on one line: rename the file",
                "static/odd: the name of the file `we\\nird.txt` has a line break; expected a name on one line: rename the file",
                "static/odd: the name of the folder `two\\nlines` has a line break; expected a name on one line: rename the folder",
            ]
        ),
        BrokenBlog(
            "malformed date",
            files: ["posts/2014/03/31/bad-date.markdown": "@title Bad date\n@pubDate 31/03/2014 8pm\n\nBody.\n"],
            problems: ["posts/2014/03/31/bad-date.markdown:2: cannot read @pubDate `31/03/2014 8pm` as a date; \(dateExpected)"]
        ),
        BrokenBlog(
            "impossible date",
            files: ["posts/2014/03/31/feb-30.markdown": "@title February 30\n@pubDate 2014-02-30 10:00:00 -0800\n@modDate yesterday\n\nBody.\n"],
            problems: [
                "posts/2014/03/31/feb-30.markdown:2: cannot read @pubDate `2014-02-30 10:00:00 -0800` as a date; \(dateExpected)",
                "posts/2014/03/31/feb-30.markdown:3: cannot read @modDate `yesterday` as a date; \(dateExpected)",
            ]
        ),
        BrokenBlog(
            "missing @pubDate",
            files: ["posts/2014/03/31/no-date.markdown": "@title No date\n\nBody.\n"],
            problems: ["posts/2014/03/31/no-date.markdown:1: missing @pubDate; expected a line such as `@pubDate 2014-03-31 20:16:46 -0700` in the header"]
        ),
        BrokenBlog(
            "invalid UTF-8",
            bytes: ["posts/2014/03/31/latin1.markdown": Array("@title Caf".utf8) + [0xE9] + Array("\n@pubDate 2014-03-31 10:00:00\n\nBody.\n".utf8)],
            problems: ["posts/2014/03/31/latin1.markdown:1: the file is not valid UTF-8 at byte 11 of the line; expected UTF-8 text"]
        ),
        BrokenBlog(
            "duplicate permalink",
            files: [
                "posts/2014/03/31/twin.markdown": "@title Twin\n@pubDate 2014-03-31 10:00:00\n\nMarkdown.\n",
                "posts/2014/03/31/twin.html": "@title Twin\n@pubDate 2014-03-31 10:00:00\n\n<p>HTML.</p>\n",
            ],
            problems: ["posts/2014/03/31/twin.markdown: has the same permalink 2014/03/31/twin.html as posts/2014/03/31/twin.html; expected each post to have its own slug"]
        ),
        BrokenBlog(
            "post not in a calendar folder",
            files: ["posts/2014/notes.markdown": "@title Notes\n@pubDate 2014-03-31 10:00:00\n\nBody.\n"],
            problems: ["posts/2014/notes.markdown: the post is not in a calendar folder; expected posts/YYYY/MM/DD/<slug>.markdown, .md or .html"]
        ),
        BrokenBlog(
            "page with a name bake uses",
            files: ["pages/archive.markdown": "@title My archive\n\nMine.\n"],
            problems: ["pages/archive.markdown: would write archive.html, which bake writes itself; expected another file name"]
        ),
        BrokenBlog(
            "template override with a missing partial",
            files: ["templates/post.mustache": "{{<layout}}\n{{$content}}\n{{> sidebar}}\n{{/content}}\n{{/layout}}\n"],
            problems: ["templates/post.mustache:3:1: the partial or parent `sidebar` does not exist; expected templates/sidebar.mustache"]
        ),
        BrokenBlog(
            "template not UTF-8",
            bytes: ["templates/archive.mustache": Array("{{<layout}}{{$content}}Archiv".utf8) + [0xE9] + Array("{{/content}}{{/layout}}".utf8)],
            problems: ["templates/archive.mustache: the template is not valid UTF-8; expected UTF-8 text"]
        ),
        BrokenBlog(
            "template syntax error",
            files: ["templates/home.mustache": "{{<layout}}\n{{$content}}\n{{#posts}}\n{{> article}}\n{{/post}}\n{{/content}}\n{{/layout}}\n"],
            problems: ["templates/home.mustache:5:1: template syntax error: the closing tag {{/post}} does not match the open section {{#posts}}; expected well-formed Mustache"]
        ),
        BrokenBlog(
            "template with a misspelt name",
            files: ["templates/article.mustache": "<article>\n<h2><a href=\"{{url}}\">{{titel}}</a></h2>\n{{{content}}}\n</article>\n"],
            problems: ["templates/article.mustache:2:23: {{titel}}: a post has no \"titel\"; did you mean \"title\"?"]
        ),
    ]

    static let settingsProblems: [BrokenBlog] = [
        BrokenBlog(
            "missing site_url",
            files: ["site.settings": "@site_name Good Blog\n@time_zone America/Los_Angeles\n"],
            problems: ["site.settings:1: missing @site_url; expected a line such as `@site_url https://example.com` in the header"]
        ),
        BrokenBlog(
            "bad time_zone",
            files: ["site.settings": "@site_name Good Blog\n@site_url https://good.example.com\n@time_zone Pacific Time\n"],
            problems: ["site.settings:3: @time_zone has the value `Pacific Time`; expected an IANA zone name such as America/Los_Angeles"]
        ),
        BrokenBlog(
            "home_post_count not a number",
            files: ["site.settings": "@site_name Good Blog\n@site_url https://good.example.com\n@home_post_count ten\n"],
            problems: ["site.settings:3: @home_post_count has the value `ten`; expected a whole number such as 8"]
        ),
        BrokenBlog(
            "site.settings not UTF-8",
            bytes: ["site.settings": Array("@site_name Caf".utf8) + [0xE9] + Array("\n@site_url https://good.example.com\n".utf8)],
            problems: ["site.settings:1: the file is not valid UTF-8 at byte 15 of the line; expected UTF-8 text"]
        ),
        BrokenBlog(
            "missing site.settings",
            removed: ["site.settings"],
            problems: ["site.settings: cannot read the settings (No such file or directory); expected a site.settings file in {blog}"]
        ),
    ]

    /// The case called `name`, from either list; found by name, so that adding a case
    /// anywhere cannot change what a test combines.
    static func named(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> BrokenBlog {
        try #require((postProblems + settingsProblems).first { $0.name == name }, "no broken blog named \(name)", sourceLocation: sourceLocation)
    }
}

extension SiteBuilderTests {
    /// Bakes the good blog, breaks it, bakes again: the build must fail with exactly the
    /// expected diagnostics and leave every file of the previous site, and its mtime, as it was.
    func expectBrokenBuild(_ broken: BrokenBlog, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await withTemporaryFolder { root in
            let blog = root + "/blog", site = root + "/site"
            try makeBlog(goodBlog, in: blog)
            _ = try await bake(blog, into: site).summary()
            try age(site)
            let before = try snapshot(site)

            try broken.apply(to: blog)
            let problems = await bake(blog, into: site).problems(sourceLocation: sourceLocation)
            #expect(problems == broken.problems.map { $0.replacingOccurrences(of: "{blog}", with: blog) }, sourceLocation: sourceLocation)
            #expect(try snapshot(site) == before, "the previous site changed", sourceLocation: sourceLocation)

            // And a first bake of the broken blog writes nothing at all.
            _ = await bake(blog, into: root + "/fresh")
            #expect(!FileIO.exists(root + "/fresh"), sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: BrokenBlog.postProblems + BrokenBlog.settingsProblems)
    func brokenBlog(_ broken: BrokenBlog) async throws {
        try await expectBrokenBuild(broken)
    }

    /// (The template that is not UTF-8 is left to `everyTemplateProblemIsReported`.)
    @Test func everyProblemOfOneRunIsReportedTogether() async throws {
        try await expectBrokenBuild(.combined(BrokenBlog.postProblems.filter { $0.name != "template not UTF-8" }))
    }

    /// A template that is not UTF-8 must not hide the problems of the others.
    @Test func everyTemplateProblemIsReported() async throws {
        try await expectBrokenBuild(.combined([
            try .named("template override with a missing partial"),
            try .named("template not UTF-8"),
            try .named("template syntax error"),
        ]))
    }

    /// Bad settings must not hide the problems of the posts: the header of a post can be
    /// checked without them.
    @Test func settingsProblemsAndPostProblemsAreReportedTogether() async throws {
        try await expectBrokenBuild(.combined([
            try .named("home_post_count not a number"),
            try .named("missing @pubDate"),
            try .named("template override with a missing partial"),
        ]))
    }
}

// MARK: Folders that cannot be read

extension SiteBuilderTests {
    /// A folder that cannot be listed must not look empty: its posts' pages would be
    /// removed, and the next deploy would delete them from the server.
    @Test(arguments: [("posts/2014/03", Int32(EIO)), ("posts", Int32(EACCES)), ("static/media", Int32(EIO)), ("pages", Int32(ESTALE))])
    func anUnreadableFolderFailsTheBuildNamingItAndWritesNothing(_ folder: String, _ errno: Int32) async throws {
        try await withTemporaryFolder { root in
            try makeBlog(goodBlog, in: root + "/blog")
            _ = try await bake(root + "/blog", into: root + "/site").summary()
            let before = try snapshot(root + "/site")
            // Changed since the last build (its mtime moved), so the build must list it again:
            // a folder whose names are as recorded is not listed (see `TreeRecord`).
            #expect(utimensat(AT_FDCWD, root + "/blog/" + folder, nil, 0) == 0)
            let system = FailingFileTree(.list, root + "/blog/" + folder, errno: errno)
            let options = BuildOptions(blog: BlogFolder(root: root + "/blog"), output: root + "/site", now: testNow, fileSystem: system)
            let failure = await #expect(throws: BuildFailure.self) { try await SiteBuilder(options: options).build() }
            let reason = String(cString: strerror(errno))
            #expect(failure?.diagnostics.map(\.description) == ["\(folder): cannot list the folder (\(reason)); expected a readable, writable path"])
            #expect(try snapshot(root + "/site") == before)
        }
    }

    @Test func aFileThatCannotBeStatedFailsTheBuild() async throws {
        try await withTemporaryFolder { root in
            try makeBlog(goodBlog, in: root + "/blog")
            _ = try await bake(root + "/blog", into: root + "/site").summary()
            let before = try snapshot(root + "/site")
            let system = FailingFileTree(.status, root + "/blog/posts/2014/03/31/hello.markdown", errno: EIO)
            let options = BuildOptions(blog: BlogFolder(root: root + "/blog"), output: root + "/site", now: testNow, fileSystem: system)
            let failure = await #expect(throws: BuildFailure.self) { try await SiteBuilder(options: options).build() }
            #expect(failure?.diagnostics.map(\.description) == ["posts/2014/03/31/hello.markdown: cannot stat the file (Input/output error); expected a readable, writable path"])
            #expect(try snapshot(root + "/site") == before)
        }
    }
}
