/// A file another blog's posts show (a picture, a PDF…), to copy into the blog as it is.
public struct ImportFile: Sendable, Hashable {
    /// Where it is now, absolute.
    public let source: String
    /// Where it goes, relative to the blog, e.g. `static/media/2009/03/sunset.jpg`.
    public let path: String

    public init(source: String, path: String) {
        self.source = source
        self.path = path
    }
}
