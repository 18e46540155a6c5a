import BakeTestSupport
import Foundation
import MetaWeblog
import Testing
import XMLRPC

@Suite(.timeLimit(.minutes(10)))
struct NewMediaObjectTests {
    @Test func neverWritesOutsideTheBlogWhateverTheName() async throws {
        try await ShimHarness.run { shim in
            let names = ["../../../outside.txt", "..", ".htaccess", "a/../../b.txt", "..\\..\\win.txt", "/etc/passwd", "...", "ok.txt"]
            var stored: [String] = []
            var refused: [String] = []
            for name in names {
                let media: XMLRPCValue = ["name": .string(name), "type": "text/plain", "bits": .base64(Data(name.utf8))]
                // A name with no extension of a kind the blog takes is refused (see `MediaKind`).
                guard case .success(let reply) = try await shim.call("metaWeblog.newMediaObject", ["1"] + ShimHarness.login + [media]) else {
                    refused.append(name)
                    continue
                }
                let url = try #require(reply["url"]?.stringValue)
                let path = String(url.dropFirst("https://smallbatch.example.com/".count))
                #expect(path.hasPrefix("media/"))
                #expect(try shim.blog.read("static/" + path) == name)
                stored.append(String(path.split(separator: "/").last!))
            }
            #expect(stored == ["outside.txt", "b.txt", "win.txt", "ok.txt"])
            #expect(refused == ["..", ".htaccess", "/etc/passwd", "..."])
            #expect(shim.blog.outsideItems == ["blog"])
            #expect(!shim.blog.exists("outside.txt") && !shim.blog.exists("static/outside.txt"))
            // Only the blog's own folders and files: nothing new at its top.
            let top = try FileManager.default.contentsOfDirectory(atPath: shim.blog.root).sorted()
            #expect(top.filter { $0 != ".bake-cache" } == ["pages", "posts", "site", "site.settings", "static"])
        }
    }

    /// Issue 35, from MarsEdit: the `url` newMediaObject answers loads from the site at once,
    /// and a post whose body holds `<img src=url alt=…>`, in Markdown or in HTML, shows it with
    /// its alt text as soon as newPost is answered. Through Python's `xmlrpc.client`; the page
    /// and the photo are loaded from the baked site over HTTP.
    @Test func aPhotoUploadedByAnEditorLoadsAtOnceAndShowsInThePostThatHoldsIt() async throws {
        let jpeg = try await TestImages.photo()
        try await ShimHarness.run { shim in
            let python = try await PythonClient(endpoint: shim.endpoint)
            defer { python.close() }
            try await BakedSite.serve(shim.blog) { site in
                let media: XMLRPCValue = ["name": "Harbour at dusk.jpg", "type": "image/jpeg", "bits": .base64(Data(jpeg))]
                let url = try #require(try await python.success("metaWeblog.newMediaObject", ["1"] + ShimHarness.login + [media])["url"]?.stringValue)
                let loaded = try await site.load(url)
                #expect(loaded.status == 200)
                #expect(TestImages.isPublishedCopy(loaded.bytes, of: jpeg), "the full-size copy, without the photo's EXIF")
                #expect(try shim.blog.bytes("static" + url.dropFirst(BakedSite.origin.count)) == jpeg)

                // As MarsEdit writes it: the alt text escaped for HTML, the size of the picture.
                let alt = #"Tom &amp; Jerry's &quot;boat&quot; &lt;at&gt; *dusk*, a_b_c [1] `x` \ 50% #1"#
                let body = "At dusk. <img src=\"\(url)\" alt=\"\(alt)\" width=\"320\" height=\"240\" />"
                for filter in ["markdown", "html"] {
                    let content: XMLRPCValue = ["title": .string("Harbour, \(filter)"), "description": .string(body), "mt_convert_breaks": .string(filter)]
                    let postID = try #require(try await python.success("metaWeblog.newPost", ["1"] + ShimHarness.login + [content, .bool(true)]).stringValue)
                    let link = try #require(try await python.success("metaWeblog.getPost", [.string(postID)] + ShimHarness.login)["permaLink"]?.stringValue)
                    #expect(try await site.images(on: link) == [.init(src: url, alt: TestImages.alt)], "\(filter)")
                    // Served in the sizes the build made, as a Micropub photo is.
                    let page = String(decoding: try await site.load(link).bytes, as: UTF8.self)
                    let variant = String(url.dropLast(".jpg".count)) + "-320.webp"
                    #expect(page.contains("srcset=\"\(variant) 320w\""), "\(filter)")
                }
            }
        }
    }

    @Test func overwritesOnlyWhenAsked() async throws {
        try await ShimHarness.run { shim in
            func upload(_ text: String, overwrite: Bool) async throws -> String {
                let media: XMLRPCValue = ["name": "same.txt", "type": "text/plain", "bits": .base64(Data(text.utf8)), "overwrite": .bool(overwrite)]
                return try #require(try await shim.success("metaWeblog.newMediaObject", ["1"] + ShimHarness.login + [media])["url"]?.stringValue)
            }
            let first = try await upload("one", overwrite: false)
            let second = try await upload("two", overwrite: false)
            let third = try await upload("three", overwrite: true)
            #expect(second.hasSuffix("/same-2.txt"))
            #expect(third == first)
            #expect(try shim.blog.read("static/" + String(first.dropFirst("https://smallbatch.example.com/".count))) == "three")
        }
    }

    /// Active content is refused, whatever type the editor says it is: SVG can hold script,
    /// HTML runs on the blog's own site, and a server may execute `.php`. Nothing is written.
    @Test func refusesWhatABrowserOrServerWouldRun() async throws {
        try await ShimHarness.run { shim in
            let before = shim.blog.files("static")
            for name in ["drawing.svg", "page.html", "page.HTM", "page.xhtml", "shell.php", "run.cgi", "x.js", "no-extension"] {
                let media: XMLRPCValue = ["name": .string(name), "type": "image/png", "bits": .base64(Data("<svg onload=alert(1)>".utf8))]
                guard case .fault(let fault) = try await shim.call("metaWeblog.newMediaObject", ["1"] + ShimHarness.login + [media]) else {
                    Issue.record("\(name) was stored")
                    continue
                }
                #expect(fault.code == -32602)
                // A name without an extension, sent as a PNG, is refused as the PNG it is not.
                #expect(fault.message.contains(name == "no-extension" ? "\"no-extension\" (sent as image/png) is not a PNG picture" : "not a kind of file the blog takes"), "\(fault.message)")
            }
            #expect(shim.blog.files("static") == before)
            let picture: XMLRPCValue = ["name": "photo.JPG", "type": "image/jpeg", "bits": .base64(Data(TestImages.jpeg))]
            #expect(try await shim.success("metaWeblog.newMediaObject", ["1"] + ShimHarness.login + [picture])["url"]?.stringValue?.hasSuffix("/photo.JPG") == true)
        }
    }

    /// A blog whose editors are trusted can take SVG (`@upload_svg true`); HTML and scripts
    /// stay refused all the same.
    @Test func takesSVGOnlyWhenTheBlogSaysSo() async throws {
        try await ShimHarness.run(settings: ["@upload_svg true"]) { shim in
            let drawing: XMLRPCValue = ["name": "drawing.svg", "type": "image/svg+xml", "bits": .base64(Data("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8))]
            let url = try await shim.success("metaWeblog.newMediaObject", ["1"] + ShimHarness.login + [drawing])["url"]?.stringValue
            #expect(url?.hasSuffix("/drawing.svg") == true)
            let page: XMLRPCValue = ["name": "page.html", "type": "text/html", "bits": .base64(Data("<p>".utf8))]
            guard case .fault(let fault) = try await shim.call("metaWeblog.newMediaObject", ["1"] + ShimHarness.login + [page]) else {
                Issue.record("page.html was stored")
                return
            }
            #expect(fault.message.contains(".svg"))
        }
    }
}
