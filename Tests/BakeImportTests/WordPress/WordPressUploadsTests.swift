@testable import BakeImport
import BakeIO
import BakeKit
import BakeTestSupport
import Foundation
import Testing

/// The uploads a post shows, found in a copy of `wp-content/uploads` and shown from `static/media/`.
@Suite struct WordPressUploadsTests {
    @Test func theUploadsOfTheOldBlogAreShownFromStaticMedia() throws {
        try withTemporaryFolder { root in
            for file in ["2009/03/sunset.jpg", "2009/03/sunset-300x200.jpg", "2009/03/menu card.pdf", "2010/01/x.png"] {
                try write("bytes of \(file)", to: "uploads/" + file, in: root)
            }
            let uploads = WordPressUploads(folder: root + "/uploads", host: "old.example.com", sitePath: "/blog")
            let body = """
                <a href="http://old.example.com/wp-content/uploads/2009/03/sunset.jpg"><img src="https://OLD.example.com/wp-content/uploads/2009/03/sunset-300x200.jpg?w=300"
                srcset="//old.example.com/wp-content/uploads/2009/03/sunset-300x200.jpg 300w, /wp-content/uploads/2009/03/sunset.jpg 1024w"></a>
                <a href='/wp/wp-content/uploads/2009/03/menu%20card.pdf'>Menu</a> <img src="http://cdn.example.net/wp-content/uploads/2010/01/x.png">
                <img src="http://old.example.com/wp-content/uploads/2011/05/gone.jpg"> <img src="/wp-content/uploads/../secret.jpg">
                """
            let found = uploads.bringing(in: body)
            #expect(found.body == """
                <a href="/blog/media/2009/03/sunset.jpg"><img src="/blog/media/2009/03/sunset-300x200.jpg?w=300"
                srcset="/blog/media/2009/03/sunset-300x200.jpg 300w, /blog/media/2009/03/sunset.jpg 1024w"></a>
                <a href='/blog/media/2009/03/menu%20card.pdf'>Menu</a> <img src="http://cdn.example.net/wp-content/uploads/2010/01/x.png">
                <img src="http://old.example.com/wp-content/uploads/2011/05/gone.jpg"> <img src="/wp-content/uploads/../secret.jpg">
                """)
            #expect(found.files.map(\.path) == ["static/media/2009/03/sunset.jpg", "static/media/2009/03/sunset-300x200.jpg", "static/media/2009/03/menu card.pdf"])
            #expect(found.files.map(\.from) == ["2009/03/sunset.jpg", "2009/03/sunset-300x200.jpg", "2009/03/menu card.pdf"].map { root + "/uploads/" + $0 })
            #expect(found.missing.map(\.url) == ["http://old.example.com/wp-content/uploads/2011/05/gone.jpg"])
            #expect(found.missing.map(\.line) == [4])
        }
    }

    /// With `--uploads`, the files come along, an attachment a post shows is no longer reported,
    /// and a second run finds them brought along already.
    @Test func anImportWithUploadsBringsTheFilesAlong() async throws {
        try await withTemporaryFolder { root in
            let blog = try makeBlog(in: root)
            try write("%PDF-1.4 a menu", to: "uploads/2009/03/menu.pdf", in: root)
            try write("%PDF-1.4 an unshown file", to: "uploads/2009/03/unshown.pdf", in: root)
            try write("""
                <rss xmlns:wp="http://wordpress.org/export/1.2/" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel>
                <link>http://old.example.com</link><wp:wxr_version>1.2</wp:wxr_version>
                <item><title>Menu</title><link>http://old.example.com/2009/03/menu/</link>
                <content:encoded><![CDATA[See <a href="http://old.example.com/wp-content/uploads/2009/03/menu.pdf">the menu</a>.

                <a href="http://old.example.com/wp-content/uploads/2009/03/lost.pdf">Lost</a>]]></content:encoded>
                <wp:post_date>2009-03-31 10:00:00</wp:post_date><wp:post_name>menu</wp:post_name>
                <wp:status>publish</wp:status><wp:post_type>post</wp:post_type></item>
                <item><title>menu</title><wp:post_type>attachment</wp:post_type><wp:status>inherit</wp:status>
                <wp:attachment_url>http://old.example.com/wp-content/uploads/2009/03/menu.pdf</wp:attachment_url></item>
                <item><title>unshown</title><wp:post_type>attachment</wp:post_type><wp:status>inherit</wp:status>
                <wp:attachment_url>http://old.example.com/wp-content/uploads/2009/03/unshown.pdf</wp:attachment_url></item>
                </channel></rss>
                """, to: "export.xml", in: root)
            let export = WordPressExport(path: root + "/export.xml", timeZone: TimeZone(identifier: "UTC")!, uploads: root + "/uploads")
            let report = try ImportPlan(source: try export.read(), blog: blog).write()
            #expect(report.lines.first == "Imported 1 post, 0 drafts and 0 pages, and brought along 1 file; 0 already imported; 1 skipped; 1 left as text")
            #expect(report.skipped.map(\.description) == ["\(root)/export.xml:11: attachment “unshown” not imported: http://old.example.com/wp-content/uploads/2009/03/unshown.pdf"])
            #expect(report.untranslated.map(\.description) == [
                "\(root)/export.xml:6: http://old.example.com/wp-content/uploads/2009/03/lost.pdf in “Menu” is not in the uploads folder; its URL is left as it was",
            ])
            #expect(try text(blog.path("static/media/2009/03/menu.pdf")) == "%PDF-1.4 a menu")
            #expect(try text(blog.path("posts/2009/03/31/menu.html")).contains(#"See <a href="/media/2009/03/menu.pdf">the menu</a>."#))

            let site = root + "/site"
            _ = try await bake(blog, into: site)
            let page = try #require(SiteCheck.document(html: Array(try Data(contentsOf: URL(fileURLWithPath: site + "/2009/03/31/menu.html")))))
            let link = try #require(page.descendants.first { $0.name == "a" && $0.text == "the menu" })
            #expect(link.attributes["href"] == "/media/2009/03/menu.pdf")
            #expect(try text(site + "/media/2009/03/menu.pdf") == "%PDF-1.4 a menu")

            let again = try ImportPlan(source: try export.read(), blog: blog)
            #expect(again.copies.isEmpty)
            #expect(again.alreadyImported == ["posts/2009/03/31/menu.html", "static/media/2009/03/menu.pdf"])
        }
    }

    @Test func anUploadsFolderThatIsNotOneIsRefused() throws {
        try withTemporaryFolder { root in
            try write("<rss xmlns:wp=\"http://wordpress.org/export/1.2/\"><channel><wp:wxr_version>1.2</wp:wxr_version></channel></rss>", to: "export.xml", in: root)
            let error = try #require(throws: ImportError.self) {
                try WordPressExport(path: root + "/export.xml", timeZone: TimeZone(identifier: "UTC")!, uploads: root + "/missing").read()
            }
            #expect(error.description == "\(root)/missing: not a folder; expected a copy of the old blog's wp-content/uploads folder")
        }
    }
}
