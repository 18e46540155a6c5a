import BakeKit
import Foundation
@testable import MetaWeblog
import Testing
import XMLRPC

/// `metaWeblog.getRecentPosts` and `mt.getRecentPostTitles`, which share the `numberOfPosts` check.
@Suite(.timeLimit(.minutes(10)))
struct GetRecentPostsTests {
    @Test func capsAHugeNumberOfPostsInsteadOfCrashing() async throws {
        try await ShimHarness.run { shim in
            let postCount = shim.blog.files("posts").count
            // Int.max goes out as <i8>; as a string of digits it takes the same path.
            for huge: XMLRPCValue in [.int(Int.max), "9223372036854775807"] {
                for method in ["metaWeblog.getRecentPosts", "mt.getRecentPostTitles"] {
                    let posts = try #require(try await shim.success(method, ["1"] + ShimHarness.login + [huge]).arrayValue, "\(method) \(huge)")
                    #expect(posts.count == postCount, "\(method) \(huge)")
                }
            }
            // The server is still up.
            #expect(try await shim.success("mt.getRecentPostTitles", ["1"] + ShimHarness.login + [1]).arrayValue?.count == 1)
        }
    }

    @Test func capsTheNumberOfPostsAtTheMaximum() throws {
        for (sent, read): (XMLRPCValue, Int) in [(.int(Int.max), 1000), (1001, 1000), (1000, 1000), (7, 7), (.nil, 10)] {
            let parameters = Parameters(method: "metaWeblog.getRecentPosts", values: ["1", "mira", "secret", sent])
            #expect(try parameters.numberOfPosts(at: 3) == read, "\(sent)")
        }
        #expect(Parameters.maximumNumberOfPosts == 1000)
    }

    @Test func refusesANumberOfPostsBelowOne() async throws {
        try await ShimHarness.run { shim in
            for count: XMLRPCValue in [0, -1, .int(Int.min)] {
                let fault = try await shim.fault("metaWeblog.getRecentPosts", ["1"] + ShimHarness.login + [count])
                #expect(fault.code == -32602)
                #expect(fault.message.contains("parameter 4 (numberOfPosts)"))
                #expect(fault.message.contains("expected a number above 0"))
            }
        }
    }
}
