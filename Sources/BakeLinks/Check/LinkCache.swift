import BakeIO
import BakeKit
import LinkCheck

/// The links to other sites that answered with a success, and when: `.bake-cache/links`, one
/// line a URL (`seconds TAB status TAB url TAB final url`), so that a check soon after another
/// asks only about what is new or failed. Entries older than the lifetime are dropped on reading.
struct LinkCache: Sendable {
    struct Entry: Sendable, Hashable {
        let checked: Timestamp
        /// `.ok` or `.moved`: failures are never kept.
        let outcome: ExternalOutcome
    }

    let entries: [String: Entry]

    /// The entries of the file at `path` checked within `lifetime` before `now`; none when the
    /// file is missing or unreadable.
    static func read(from path: String, now: Timestamp, lifetime: Duration) -> LinkCache {
        guard let bytes = try? FileIO.read(path) else { return LinkCache(entries: [:]) }
        var entries: [String: Entry] = [:]
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 4, let seconds = Int64(fields[0]), let status = Int(fields[1]) else { continue }
            // A damaged line may hold any number: no subtraction that could overflow.
            guard seconds <= now.seconds, seconds > now.seconds - lifetime.components.seconds else { continue }
            let outcome: ExternalOutcome = status == 0 ? .ok : .moved(to: String(fields[3]), status: status)
            entries[String(fields[2])] = Entry(checked: Timestamp(seconds: seconds), outcome: outcome)
        }
        return LinkCache(entries: entries)
    }

    /// Writes the entries, sorted by URL, atomically.
    func write(to path: String) throws(FileSystemError) {
        var text = ""
        for (url, entry) in entries.sorted(by: { $0.key < $1.key }) {
            // A URL with a tab or line break could not be read back; such a link is asked about again.
            guard !url.contains(where: { $0 == "\t" || $0 == "\n" || $0 == "\r" }) else { continue }
            switch entry.outcome {
            case .ok: text += "\(entry.checked.seconds)\t0\t\(url)\t\n"
            case .moved(let final, let status): text += "\(entry.checked.seconds)\t\(status)\t\(url)\t\(final)\n"
            case .broken: continue
            }
        }
        try FileIO.createFolders(FileIO.parent(of: path))
        try FileIO.writeAtomically(Array(text.utf8), to: path, durable: false)
    }
}
