/// What a build shows beyond the published site, and values that come from outside the plan
/// (its time is the plan's `now`).
public struct RenderOptions: Sendable, Hashable {
    /// Mark drafts and future posts on the page (preview with `--drafts`/`--future`).
    public let marksUnpublished: Bool
    /// A short hash of the stylesheet, appended to its URL so browsers fetch a changed one.
    public let stylesheetVersion: String

    public init(marksUnpublished: Bool = false, stylesheetVersion: String = "") {
        self.marksUnpublished = marksUnpublished
        self.stylesheetVersion = stylesheetVersion
    }
}

/// One finished file of the site: its path in the output folder and its bytes.
public struct RenderedFile: Sendable, Hashable {
    public let path: String
    public let bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }
}
