import BakeIO
import BakeKit
import Foundation

/// One build preview ran: what caused it, what it did, how long it took.
public struct PreviewBuild: Sendable {
    /// The changed paths, relative to the blog where inside it; empty for the first build.
    public let changes: [String]
    /// What the build wrote, or why it failed (the site then stays as it was).
    public let result: Result<BuildSummary, BuildFailure>
    /// From the start of the build to its end, without the wait for changes to settle.
    public let duration: Duration
    /// When the build finished.
    public let finished: Date

    /// A report of one build.
    public init(changes: [String], result: Result<BuildSummary, BuildFailure>, duration: Duration, finished: Date) {
        self.changes = changes
        self.result = result
        self.duration = duration
        self.finished = finished
    }

    /// Whether only stylesheets changed, so pages can swap them without reloading.
    public var isStylesheetOnly: Bool {
        !changes.isEmpty && changes.allSatisfy { $0.hasSuffix(".css") }
    }
}
