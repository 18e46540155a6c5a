import BakeKit
import Testing

/// Wildcat's `site.settings` keys read as bake's, and warnings for keys bake does not know.
@Suite struct SettingAliasesTests {
    func metadata(_ text: String) -> PostMetadata {
        MetadataParser().parse(text: text).metadata
    }

    @Test func wildcatKeysReadAsBakesOwn() throws {
        let settings = try SiteSettings(metadata: metadata("""
            @site_name Old
            @site_url https://example.com
            @blog_number_of_posts_on_home_page 3
            @feed_number_of_posts 7
            @feed_author Ada
            @feed_description Old words
            @output_folder public
            @home_post_count 4
            """))
        // bake's own key wins when both are there.
        #expect(settings.homePostCount == 4)
        #expect(settings.feedPostCount == 7)
        #expect(settings.author == "Ada")
        #expect(settings.description == "Old words")
        #expect(settings.metadata["output"] == "public")
        #expect(settings.metadata["output_folder"] == "public", "kept for themes")
    }

    @Test func anUnknownKeyIsAWarningNamingTheNearestKnownOne() throws {
        let warnings = SettingAliases.warnings(for: metadata("@site_name A\n@feed_titel Old\n@something_else x\n@feed_author Ada\n"))
        #expect(warnings.map(\.description) == [
            "site.settings:2: warning: bake does not know the setting `feed_titel`; it is ignored (did you mean `feed_title`?)",
            "site.settings:3: warning: bake does not know the setting `something_else`; it is ignored",
        ])
    }

    @Test func layoutAndFeedSettings() throws {
        let settings = try makeSettings(extra: """
            @blog_relative_path /blog/
            @output_file_suffix htm
            @blog_home_page_title Latest
            @blog_archive_title Everything
            @feed_title Old Feed
            @feed_author_url /about.htm
            """)
        #expect(settings.layout.blogFolder == "blog/")
        #expect(settings.layout.fileSuffix == ".htm")
        #expect(SitePaths(settings: settings).post(Permalink(year: 2014, month: 3, day: 31, slug: "hi")).file == "blog/2014/03/31/hi.htm")
        #expect(settings.layout.homeTitle == "Latest")
        #expect(settings.layout.archiveTitle == "Everything")
        #expect(settings.feed.title == "Old Feed")
        #expect(settings.feed.authorURL == "https://example.com/about.htm")
        #expect(throws: MetadataErrors.self) { try makeSettings(extra: "@blog_relative_path ../up\n") }
        #expect(throws: MetadataErrors.self) { try makeSettings(extra: "@has_blog maybe\n") }
        #expect(throws: MetadataErrors.self) { try makeSettings(extra: "@output_file_suffix .\n") }
    }
}
