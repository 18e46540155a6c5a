/// What rsync did, read from its `--itemize-changes --stats --no-human-readable` output.
public struct RsyncReport: Sendable, Hashable {
    /// One line of `--itemize-changes` that changes a file on the target.
    public enum Change: Sendable, Hashable {
        case sent(String)
        case deleted(String)
    }

    /// Files sent, because they are new on the target or their bytes differ.
    public let sent: [String]
    /// Files deleted on the target.
    public let deleted: [String]
    /// Bytes rsync put on the wire (`Total bytes sent`), protocol included.
    public let bytesSent: Int64
    /// The size of the files sent (`Total transferred file size`): what a dry run would send.
    public let transferredSize: Int64

    /// Reads rsync's standard output.
    public init(output: String) {
        var sent: [String] = []
        var deleted: [String] = []
        var bytesSent: Int64 = 0
        var transferredSize: Int64 = 0
        for line in output.split(separator: "\n") {
            switch Self.change(in: line) {
            case .sent(let path)?: sent.append(path)
            case .deleted(let path)?: deleted.append(path)
            case nil:
                if let number = Self.number(after: "Total bytes sent: ", in: line) { bytesSent = number }
                if let number = Self.number(after: "Total transferred file size: ", in: line) { transferredSize = number }
            }
        }
        self.sent = sent
        self.deleted = deleted
        self.bytesSent = bytesSent
        self.transferredSize = transferredSize
    }

    /// The change one line of output stands for, if it is an itemized file sent or deleted:
    /// `<f+++++++++ path` (`>f` when the target is a folder here), `*deleting   path`.
    public static func change(in line: Substring) -> Change? {
        let bytes = line.utf8
        guard bytes.count > 12, bytes[bytes.index(bytes.startIndex, offsetBy: 11)] == UInt8(ascii: " ") else { return nil }
        let path = String(line.dropFirst(12))
        if line.hasPrefix("*deleting ") { return .deleted(path) }
        if line.hasPrefix("<f") || line.hasPrefix(">f") { return .sent(path) }
        return nil
    }
}

private extension RsyncReport {
    /// The whole number that follows `label` at the start of `line`.
    static func number(after label: String, in line: Substring) -> Int64? {
        guard line.hasPrefix(label) else { return nil }
        return Int64(line.dropFirst(label.count).prefix { $0.isASCII && $0.isNumber })
    }
}
