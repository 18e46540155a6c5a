import CByteSearch

/// The one byte search of the package: where a run of bytes first occurs in others, by
/// glibc's `memmem`, in time linear in the haystack whatever the needle (a search that checks
/// each candidate first byte can be made quadratic by a crafted body).
///
/// ```swift
/// ByteSearch.firstOffset(of: Array("\r\n".utf8), in: body, from: 10)   // 42, or nil
/// ```
package enum ByteSearch {
    /// The offset of the first occurrence of `needle` in `haystack` at or after `start`; an
    /// empty needle is found at `start`.
    package static func firstOffset(of needle: UnsafeRawBufferPointer, in haystack: UnsafeRawBufferPointer, from start: Int = 0) -> Int? {
        let start = max(start, 0)
        guard needle.count > 0 else { return start <= haystack.count ? start : nil }
        guard start + needle.count <= haystack.count, let base = haystack.baseAddress, let pin = needle.baseAddress else { return nil }
        guard let found = bake_memmem(base + start, haystack.count - start, pin, needle.count) else { return nil }
        return base.distance(to: found)
    }

    package static func firstOffset(of needle: [UInt8], in haystack: [UInt8], from start: Int = 0) -> Int? {
        haystack.withUnsafeBytes { hay in needle.withUnsafeBytes { firstOffset(of: $0, in: hay, from: start) } }
    }
}
