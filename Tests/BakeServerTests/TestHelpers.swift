import BakeIO
import BakeTestSupport
import Foundation
import Testing

extension TestBlog {
    /// A copy of the sample blog.
    init() throws {
        try self.init(prefix: "bake-server-test-")
    }
}

/// A post file with a title, a date and a body.
func postText(title: String, date: String, body: String) -> String {
    "@title \(title)\n@pubDate \(date)\n\n\(body)\n"
}
