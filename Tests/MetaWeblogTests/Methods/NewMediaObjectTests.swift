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
            for name in names {
                let media: XMLRPCValue = ["name": .string(name), "type": "text/plain", "bits": .base64(Data(name.utf8))]
                let reply = try await shim.success("metaWeblog.newMediaObject", ["1"] + ShimHarness.login + [media])
                let url = try #require(reply["url"]?.stringValue)
                let path = String(url.dropFirst("https://smallbatch.example.com/".count))
                #expect(path.hasPrefix("media/"))
                #expect(try shim.blog.read("static/" + path) == name)
                stored.append(String(path.split(separator: "/").last!))
            }
            #expect(stored == ["outside.txt", "media", "htaccess", "b.txt", "win.txt", "passwd", "media-2", "ok.txt"])
            #expect(shim.blog.outsideItems == ["blog"])
            #expect(!shim.blog.exists("outside.txt") && !shim.blog.exists("static/outside.txt"))
            // Only the blog's own folders and files: nothing new at its top.
            let top = try FileManager.default.contentsOfDirectory(atPath: shim.blog.root).sorted()
            #expect(top.filter { $0 != ".bake-cache" } == ["pages", "posts", "site", "site.settings", "static"])
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
}
