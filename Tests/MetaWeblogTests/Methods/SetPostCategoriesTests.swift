import Foundation
import MetaWeblog
import Testing
import XMLRPC

@Suite(.timeLimit(.minutes(10)))
struct SetPostCategoriesTests {
    static let sample = "2019/03/14/why-i-moved-my-blog-home.markdown"

    @Test func leavesTheFileAloneWhenTheTextItWouldWriteIsTheSame() async throws {
        try await ShimHarness.run { shim in
            // A header line holds no line break, so "Own\nership" is written as "Own ership".
            let categories: XMLRPCValue = [["categoryId": "Blogging", "isPrimary": true], ["categoryId": "Own\nership"]]
            _ = try await shim.success("mt.setPostCategories", [.string(Self.sample)] + ShimHarness.login + [categories])
            let saved = try shim.blog.bytes("posts/" + Self.sample)
            #expect(String(decoding: saved, as: UTF8.self).contains("@categoryArray Blogging, Own ership\n"))
            _ = try await shim.success("mt.setPostCategories", [.string(Self.sample)] + ShimHarness.login + [categories])
            #expect(try shim.blog.bytes("posts/" + Self.sample) == saved)
            // Only the first call changed the file; @modDate alone could hide a rewrite in the same second.
            #expect(shim.log.events.filter { if case .saved = $0 { true } else { false } }.count == 1)
        }
    }
}
