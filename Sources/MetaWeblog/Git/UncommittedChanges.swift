import BakeIO
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The changes saved to the blog that git has yet to commit, kept in a file of the
/// repository's git folder (`.git/bake-metaweblog-uncommitted`), where git never commits it
/// and a shim started again finds it.
///
/// The writer lists a change before git commits it, and empties the list once git has: a
/// change that git could not commit (another program held `.git/index.lock`), or that the
/// shim was killed before committing, is still listed, and is committed with the next change.
///
/// ```swift
/// let list = UncommittedChanges(path: git.uncommittedListPath)
/// try list.save([record])   // before the commit
/// try list.save([])         // after it: removes the file
/// try list.load()           // [] when there is no file
/// ```
struct UncommittedChanges: Sendable {
    /// The file's name in the git folder.
    static let fileName = "bake-metaweblog-uncommitted"

    /// The file.
    let path: String

    /// The changes listed, oldest first; none when there is no file.
    func load() throws(GitError) -> [ChangeRecord] {
        let bytes: [UInt8]
        do {
            guard let present = try FileIO.readIfPresent(path) else { return [] }
            bytes = present
        } catch {
            throw GitError(.uncommittedList(error))
        }
        do {
            return try JSONDecoder().decode([ChangeRecord].self, from: Data(bytes))
        } catch {
            throw GitError(.unreadableUncommittedList(path: path))
        }
    }

    /// Lists `records`, durably, as the post files are written; an empty list removes the file.
    func save(_ records: [ChangeRecord]) throws(GitError) {
        guard !records.isEmpty else {
            // Not durable: a list that comes back after a crash names changes git has
            // committed, which the next commit finds unchanged and leaves out.
            do {
                try FileIO.remove(path)
            } catch {
                throw GitError(.uncommittedList(error))
            }
            return
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(records) else { throw GitError(.unreadableUncommittedList(path: path)) }
        do {
            try FileIO.writeAtomically(Array(data) + [UInt8(ascii: "\n")], to: path, durable: true)
        } catch {
            throw GitError(.uncommittedList(error))
        }
    }
}
