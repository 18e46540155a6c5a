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

    /// The byte offset of the first occurrence of `needle`, an ASCII string, ignoring ASCII
    /// case; nil when there is none.
    func firstOffset(ofCaseInsensitive needle: String) -> Int? {
        let pattern = needle.utf8.map(Self.lowercased)
        let find = { (haystack: UnsafeBufferPointer<UInt8>) -> Int? in
            guard let first = pattern.first, haystack.count >= pattern.count else { return pattern.isEmpty ? 0 : nil }
            var index = 0
            let last = haystack.count - pattern.count
            while index <= last {
                if Self.lowercased(haystack[index]) == first {
                    var matched = 1
                    while matched < pattern.count, Self.lowercased(haystack[index + matched]) == pattern[matched] { matched += 1 }
                    if matched == pattern.count { return index }
                }
                index += 1
            }
            return nil
        }
        if let found = withContiguousStorageIfAvailable(find) { return found }
        return Array(self).withUnsafeBufferPointer(find)
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= 65 && byte <= 90 ? byte | 0x20 : byte
    }
}
