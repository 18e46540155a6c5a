/// A file of the old site to copy into the blog as it is: a picture or download a post shows.
public struct ImportFile: Sendable, Hashable {
    /// Where it goes, relative to the blog, e.g. `static/images/cat.jpg`.
    public let path: String
    /// The file to copy, an absolute path.
    public let from: String
    /// Where it comes from, for the report, e.g. `images/cat.jpg`.
    public let source: String

    public init(path: String, from: String, source: String) {
        self.path = path
        self.from = from
        self.source = source
    }
}
