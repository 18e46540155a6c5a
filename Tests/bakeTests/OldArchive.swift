import BakeTestSupport
import Foundation

/// `Fixtures/old-archive`: a blog as it arrives from older engines, with character references
/// in its headers, hand-written anchors, HTML bodies missing their first `<p>` and `@modDate`s
/// equal to `@pubDate` (its README lists the cases).
let oldArchive = repositoryRoot + "/Tests/bakeTests/Fixtures/old-archive"

/// Copies the old archive to `<root>/blog`, bakes it with the real `bake` into `<root>/site`,
/// and returns that folder.
func bakeOldArchive(in root: String) async throws -> String {
    for file in allFiles(in: oldArchive) {
        try write(Array(try Data(contentsOf: URL(fileURLWithPath: oldArchive + "/" + file))), to: file, in: root + "/blog")
    }
    let result = try await runBake(["blog", "--output", root + "/site"], in: root)
    guard result.status == 0, result.stderr.isEmpty else {
        throw TestFailure(description: "bake failed (\(result.status)): \(result.stderr)")
    }
    return root + "/site"
}

/// The text of the baked file at `relative` in `site`.
func page(_ relative: String, in site: String) throws -> String {
    String(decoding: try Data(contentsOf: URL(fileURLWithPath: site + "/" + relative)), as: UTF8.self)
}
