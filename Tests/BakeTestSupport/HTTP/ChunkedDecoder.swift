/// Undoes `Transfer-Encoding: chunked`, also piece by piece as bytes arrive.
public struct ChunkedDecoder {
    private var pending: [UInt8] = []

    public init() {}

    /// The body bytes that `more` completes.
    public mutating func decode(_ more: [UInt8]) -> [UInt8] {
        pending += more
        var output: [UInt8] = []
        while let lineEnd = pending.firstRange(of: Array("\r\n".utf8)) {
            let sizeText = String(decoding: pending[..<lineEnd.lowerBound], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) else { break }
            let start = lineEnd.upperBound
            guard pending.count >= start + size + 2 else { break }
            output += pending[start..<(start + size)]
            pending.removeSubrange(..<(start + size + 2))
            if size == 0 { break }
        }
        return output
    }
}
