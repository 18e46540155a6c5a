/// Why a document could not be read into XMLTreeElement values, or an element not written.
///
/// Callers turn it into their own error, in their own words:
/// ```swift
/// do {
///     root = try XMLTreeElement(parsing: bytes, maxDepth: 64)
/// } catch {
///     throw MyError(error.reason, line: error.line)
/// }
/// ```
package struct XMLTreeError: Error, Sendable, Hashable {
    /// What was wrong.
    package enum Reason: Sendable, Hashable {
        /// libxml2 could not read the bytes as XML; the text is libxml2's message, on one line.
        case notWellFormed(String)
        /// The document has a DOCTYPE, which is refused before any declaration in it is read.
        case documentTypeDeclaration
        /// Elements nest deeper than `limit`, counting the root as 1.
        case nestingTooDeep(limit: Int)
        /// libxml2 could not write the element; the text says what failed.
        case notWritable(String)
    }

    /// What was wrong.
    package let reason: Reason
    /// The 1-based line in the document where it was found, when known.
    package let line: Int?

    package init(_ reason: Reason, line: Int? = nil) {
        self.reason = reason
        self.line = line
    }
}
