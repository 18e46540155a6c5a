/// Why a site with `@search true` could not get its search index.
public struct SearchError: Error, Sendable, Hashable {
    /// What went wrong.
    public enum Reason: Sendable, Hashable {
        /// Neither `pagefind` on the PATH nor Python's pagefind-bin package was found.
        case pagefindMissing
        /// Pagefind ran and failed; `said` is the line of its output that says why.
        case pagefindFailed(status: Int32, said: String)
    }

    public let reason: Reason

    public init(_ reason: Reason) {
        self.reason = reason
    }

    /// One line: what failed, and what to do.
    public var message: String {
        switch reason {
        case .pagefindMissing:
            return "@search true needs Pagefind, which was not found (no `pagefind` on the PATH, and python3 has no pagefind_bin); "
                + "expected it installed, e.g. with `\(Pagefind.installHint)`"
        case .pagefindFailed(let status, let said):
            return "Pagefind could not index the site (exit \(status)): \(said); the search index is the one of the last build, and the next build indexes again"
        }
    }
}

extension SearchError: CustomStringConvertible {
    public var description: String { message }
}
