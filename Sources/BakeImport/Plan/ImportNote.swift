/// A line of the import report: something skipped, or something left as it was.
public struct ImportNote: Sendable, Hashable, CustomStringConvertible {
    /// Where: a source file, `file:line`, or a path in the blog.
    public let location: String
    public let message: String

    public init(location: String, message: String) {
        self.location = location
        self.message = message
    }

    public var description: String { "\(location): \(message)" }
}
