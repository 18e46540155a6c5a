/// A file of the blog or theme as lines, for finding the line that holds a URL.
public struct SourceText: Sendable {
    /// The file as reports name it, e.g. `posts/2014/03/31/hello.markdown`.
    public let path: String
    public let lines: [Substring]

    public init(path: String, text: String) {
        self.path = path
        self.lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    }
}
