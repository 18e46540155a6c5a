@testable import BakeKit
import Testing

@Suite struct URLReferenceTests {
    static let base = URLReference("http://a/b/c/d;p?q")

    /// RFC 3986 section 5.4.1.
    @Test(arguments: [
        ("g:h", "g:h"), ("g", "http://a/b/c/g"), ("./g", "http://a/b/c/g"), ("g/", "http://a/b/c/g/"),
        ("/g", "http://a/g"), ("//g", "http://g"), ("?y", "http://a/b/c/d;p?y"), ("g?y", "http://a/b/c/g?y"),
        ("#s", "http://a/b/c/d;p?q#s"), ("g#s", "http://a/b/c/g#s"), ("g?y#s", "http://a/b/c/g?y#s"),
        (";x", "http://a/b/c/;x"), ("g;x", "http://a/b/c/g;x"), ("g;x?y#s", "http://a/b/c/g;x?y#s"),
        ("", "http://a/b/c/d;p?q"), (".", "http://a/b/c/"), ("./", "http://a/b/c/"), ("..", "http://a/b/"),
        ("../", "http://a/b/"), ("../g", "http://a/b/g"), ("../..", "http://a/"), ("../../", "http://a/"),
        ("../../g", "http://a/g"),
    ])
    func resolvesTheNormalExamples(_ reference: String, _ expected: String) {
        #expect(URLReference(reference).resolved(against: Self.base).text == expected)
    }

    /// RFC 3986 section 5.4.2, strict.
    @Test(arguments: [
        ("../../../g", "http://a/g"), ("../../../../g", "http://a/g"), ("/./g", "http://a/g"), ("/../g", "http://a/g"),
        ("g.", "http://a/b/c/g."), (".g", "http://a/b/c/.g"), ("g..", "http://a/b/c/g.."), ("..g", "http://a/b/c/..g"),
        ("./../g", "http://a/b/g"), ("./g/.", "http://a/b/c/g/"), ("g/./h", "http://a/b/c/g/h"), ("g/../h", "http://a/b/c/h"),
        ("g;x=1/./y", "http://a/b/c/g;x=1/y"), ("g;x=1/../y", "http://a/b/c/y"), ("g?y/./x", "http://a/b/c/g?y/./x"),
        ("g?y/../x", "http://a/b/c/g?y/../x"), ("g#s/./x", "http://a/b/c/g#s/./x"), ("g#s/../x", "http://a/b/c/g#s/../x"),
        ("http:g", "http:g"),
    ])
    func resolvesTheAbnormalExamples(_ reference: String, _ expected: String) {
        #expect(URLReference(reference).resolved(against: Self.base).text == expected)
    }

    @Test func splitsAURLIntoItsParts() {
        let url = URLReference("HTTPS://ada@Example.com:8443/blog/a.html?page=2#top")
        #expect(url.scheme == "https")
        #expect(url.authority == "ada@Example.com:8443")
        #expect(url.host == "Example.com:8443")
        #expect(url.path == "/blog/a.html")
        #expect(url.query == "page=2")
        #expect(url.fragment == "top")
        let relative = URLReference("../a:b/c")
        #expect(relative.scheme == nil)
        #expect(relative.path == "../a:b/c")
        #expect(URLReference("1a:b").scheme == nil)
        #expect(URLReference("mailto:ada@example.com").path == "ada@example.com")
    }

    @Test func removesDotSegmentsOnce() {
        #expect(URLReference.removingDotSegments("/a/b/c/./../../g") == "/a/g")
        #expect(URLReference.removingDotSegments("mid/content=5/../6") == "mid/6")
        #expect(URLReference.removingDotSegments("/a/b/") == "/a/b/")
        #expect(URLReference.removingDotSegments("/..") == "/")
        #expect(URLReference.removingDotSegments("/a/.") == "/a/")
    }
}
