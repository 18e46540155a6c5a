@testable import BakeServer
import Testing

struct ContentTypeTests {
    @Test func knowsTheSitesFiles() {
        #expect(ContentType.of("2014/03/index.html") == "text/html; charset=utf-8")
        #expect(ContentType.of("style.css") == "text/css; charset=utf-8")
        #expect(ContentType.of("xml/rss.xml") == "application/rss+xml; charset=utf-8")
        #expect(ContentType.of("categories/swift/rss.xml") == "application/rss+xml; charset=utf-8")
        #expect(ContentType.of("blog/xml/rss.xml") == "application/rss+xml; charset=utf-8")
        #expect(ContentType.of("sitemap.xml") == "application/xml; charset=utf-8")
        #expect(ContentType.of("media/PHOTO.JPG") == "image/jpeg")
        #expect(ContentType.of("fonts/a.woff2") == "font/woff2")
        #expect(ContentType.of("README") == "application/octet-stream")
        #expect(ContentType.of("archive.tar.unknown") == "application/octet-stream")
    }
}
