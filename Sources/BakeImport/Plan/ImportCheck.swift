import BakeIO
import BakeKit
import Foundation

/// The last step of an import: the blog baked as `bake build` bakes it, into a temporary
/// folder that is removed again, so that a blog the build would refuse is reported while the
/// import is still on screen rather than found at the next build.
///
/// Drafts and scheduled posts are baked too: they are the old blog's as much as its published
/// posts, and will be published some day. The blog's own output folder is not touched.
///
/// ```swift
/// let summary = try await ImportCheck(blog: BlogFolder(root: "/blog")).bake()
/// ```
public struct ImportCheck: Sendable {
    public let blog: BlogFolder

    public init(blog: BlogFolder) {
        self.blog = blog
    }

    /// What the build baked, or every problem it found, each at a file (relative to the blog) and line.
    public func bake() async throws(BuildFailure) -> BuildSummary {
        let output = FileManager.default.temporaryDirectory.path + "/bake-import-check-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: output) }
        let overrides = BlogConfiguration.Overrides(output: output, includeDrafts: true, includeFuture: true)
        // Without Pagefind a build of a blog with search fails before it writes; the import
        // is not what is wrong then, and the real build will say so.
        let options = BuildOptions(configuration: .load(blog, overrides: overrides), now: Timestamp(Date()), search: .whenPagesChangeIfInstalled)
        return try await SiteBuilder(options: options).build()
    }
}
