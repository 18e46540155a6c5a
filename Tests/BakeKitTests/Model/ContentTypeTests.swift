import BakeKit
import Testing

@Suite struct ContentTypeTests {
    @Test func pagesAndFeedsAreKeptMinutesAndPicturesDays() {
        for path in ["index.html", "2014/03/31/x.html", "xml/rss.xml", "feed.json", "style.css", "sitemap.xml", "README"] {
            #expect(ContentType.cacheControl(of: path) == "public, max-age=300", "\(path)")
        }
        for path in ["media/2024/06/photo.jpg", "media/2024/06/photo-480.webp", "media/a.mp3", "fonts/a.woff2", "media/book.pdf"] {
            #expect(ContentType.cacheControl(of: path) == "public, max-age=2592000", "\(path)")
        }
    }

    @Test func knowsTheSitesFiles() {
        #expect(ContentType.of("2014/03/index.html") == "text/html; charset=utf-8")
        #expect(ContentType.of("style.css") == "text/css; charset=utf-8")
        #expect(ContentType.of("xml/rss.xml") == "application/rss+xml; charset=utf-8")
        #expect(ContentType.of("categories/swift/rss.xml") == "application/rss+xml; charset=utf-8")
        #expect(ContentType.of("blog/xml/rss.xml") == "application/rss+xml; charset=utf-8")
        #expect(ContentType.of("sitemap.xml") == "application/xml; charset=utf-8")
        #expect(ContentType.of("feed.json") == "application/feed+json; charset=utf-8")
        #expect(ContentType.of("categories/swift/feed.json") == "application/feed+json; charset=utf-8")
        #expect(ContentType.of("pagefind/pagefind-entry.json") == "application/json; charset=utf-8")
        #expect(ContentType.of("media/PHOTO.JPG") == "image/jpeg")
        #expect(ContentType.of("fonts/a.woff2") == "font/woff2")
        #expect(ContentType.of("README") == "application/octet-stream")
        #expect(ContentType.of("archive.tar.unknown") == "application/octet-stream")
    }

    /// Every kind of file an editor may upload is served as what it is, not as a download.
    @Test func servesEveryKindOfUploadWithItsType() {
        for (ext, type) in MediaKind.types {
            #expect(ContentType.of("media/2024/06/file." + ext.uppercased()) == type.contentType)
            #expect(ContentType.of("media/2024/06/file." + ext) != "application/octet-stream")
        }
        #expect(ContentType.of("media/2024/06/IMG_0001.HEIC") == "image/heic")
        #expect(ContentType.of("media/2024/06/voice.m4a") == "audio/mp4")
        #expect(ContentType.of("media/2024/06/book.epub") == "application/epub+zip")
    }
}
