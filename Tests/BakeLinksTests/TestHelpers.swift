import BakeKit
import BakeTestSupport

/// The time every test build runs at: 2033-05-18, after every post of the fixtures.
let testNow = Timestamp(seconds: 2_000_000_000)

/// Writes `files` into `root`.
func makeBlog(_ files: [String: String], in root: String) throws {
    for (path, text) in files { try write(text, to: path, in: root) }
}
