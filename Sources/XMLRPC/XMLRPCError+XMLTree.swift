internal import XMLTree

extension XMLRPCError {
    /// The XML-RPC error for a document libxml2 could not read, or a response it could not write.
    init(_ error: XMLTreeError) {
        switch error.reason {
        case .notWellFormed(let detail):
            self.init(.notWellFormed(detail), line: error.line)
        case .documentTypeDeclaration:
            self.init(.documentTypeDeclaration, line: error.line)
        case .nestingTooDeep(let limit):
            self.init(.nestingTooDeep(limit: limit), line: error.line)
        case .notWritable(let detail):
            self.init(.notEncodable(detail), line: error.line)
        }
    }
}
