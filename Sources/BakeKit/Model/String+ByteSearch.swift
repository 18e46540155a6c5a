extension String.UTF8View {
    /// Whether the UTF-8 bytes of `needle` occur in these bytes. A plain byte search: far
    /// cheaper than `String.contains`, which goes through Foundation on Linux.
    func containsBytes(of needle: String) -> Bool {
        let pattern = Array(needle.utf8)
        return withContiguousStorageIfAvailable { Self.search($0, for: pattern) }
            ?? Array(self).withUnsafeBufferPointer { Self.search($0, for: pattern) }
    }

    private static func search(_ haystack: UnsafeBufferPointer<UInt8>, for pattern: [UInt8]) -> Bool {
        guard let first = pattern.first else { return true }
        guard haystack.count >= pattern.count else { return false }
        var index = 0
        let last = haystack.count - pattern.count
        while index <= last {
            if haystack[index] == first {
                var matched = 1
                while matched < pattern.count, haystack[index + matched] == pattern[matched] { matched += 1 }
                if matched == pattern.count { return true }
            }
            index += 1
        }
        return false
    }
}
