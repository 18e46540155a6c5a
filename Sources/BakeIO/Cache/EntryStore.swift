import BakeKit
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The rendered list entries of a build (a post as the home page and its category pages
/// show it), each under the hash of everything it reads, kept in `.bake-cache/entries` for
/// the next build.
///
/// A post's entry is rendered once per build however many lists show it, and a new post,
/// which moves every other down a place on the lists, renders one entry: the pages it shifts
/// are put together from kept ones. Pages render in parallel; two that need the same entry at
/// once render it once, the second waiting for the first.
///
/// ```swift
/// let entries = EntryStore.load(from: blog.entryCachePath, key: stage.base)
/// renderer.render(output, bodies: bodies, entries: entries)
/// try entries.save(to: blog.entryCachePath, key: stage.base, keeping: live)
/// ```
final class EntryStore: EntryCache {
    static let magic = "bake-entries 1"

    private enum Slot {
        case ready(bytes: [UInt8], element: UInt64)
        case rendering
    }

    private struct State {
        var slots: [UInt64: Slot] = [:]
        var rendered = 0
    }

    private let state: Mutex<State>
    /// Whether the entries came from a file (or memory) made for the same site and bake.
    let wasLoaded: Bool

    init() {
        state = Mutex(State())
        wasLoaded = false
    }

    private init(slots: [UInt64: Slot]) {
        state = Mutex(State(slots: slots))
        wasLoaded = true
    }

    /// The same entries, for the next build in this process, which counts its own renders.
    func continued() -> EntryStore {
        EntryStore(slots: state.withLock { $0.slots.filter { if case .ready = $0.value { return true } else { return false } } })
    }

    /// How many entries this store has rendered (not found kept).
    var rendered: Int {
        state.withLock { $0.rendered }
    }

    var count: Int {
        state.withLock { $0.slots.count }
    }

    func entry(_ key: UInt64, element: UInt64, render: () -> [UInt8]) -> [UInt8] {
        enum Next {
            case use([UInt8])
            case wait
            case render
        }
        while true {
            let next: Next = state.withLock { state in
                switch state.slots[key] {
                case .ready(let bytes, _)?: return .use(bytes)
                case .rendering?: return .wait
                case nil:
                    state.slots[key] = .rendering
                    return .render
                }
            }
            switch next {
            case .use(let bytes):
                return bytes
            case .wait:
                // Another page is rendering this very entry, which takes microseconds and
                // needs nothing from this thread.
                sched_yield()
            case .render:
                let bytes = Self.exactly(render())
                state.withLock { state in
                    state.slots[key] = .ready(bytes: bytes, element: element)
                    state.rendered += 1
                }
                return bytes
            }
        }
    }

    /// `bytes` in memory of their own size. A rendered entry is kept for the whole build, and
    /// rendering leaves up to twice its size in slack: at 50,000 posts, about 80 MB.
    private static func exactly(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.capacity > bytes.count else { return bytes }
        return [UInt8](unsafeUninitializedCapacity: bytes.count) { buffer, count in
            count = buffer.initialize(fromContentsOf: bytes)
        }
    }

    /// The entries of the file at `path` made under `key`; an empty store for a missing,
    /// stale or damaged file (a cache only ever costs time).
    static func load(from path: String, key: UInt64) -> EntryStore {
        guard let bytes = try? FileIO.read(path) else { return EntryStore() }
        var reader = ByteReader(bytes)
        guard reader.string() == magic, reader.uint64() == key, let count = reader.count() else { return EntryStore() }
        var slots: [UInt64: Slot] = [:]
        slots.reserveCapacity(count)
        for _ in 0..<count {
            guard let entryKey = reader.uint64(), let element = reader.uint64(), let range = reader.segment() else { break }
            slots[entryKey] = .ready(bytes: Array(bytes[range]), element: element)
        }
        return EntryStore(slots: slots)
    }

    /// Writes the entries of the elements in `live` (the posts of this build), durably
    /// enough for a cache.
    func save(to path: String, key: UInt64, keeping live: Set<UInt64>) throws(FileSystemError) {
        let kept: [(UInt64, UInt64, [UInt8])] = state.withLock { state in
            state.slots.compactMap { key, slot in
                guard case .ready(let bytes, let element) = slot, live.contains(element) else { return nil }
                return (key, element, bytes)
            }
        }
        // A site's entries are tens or hundreds of megabytes: they go to the file a chunk at a time.
        try ByteWriter.writeAtomically(to: path) { writer, output throws(FileSystemError) in
            writer.write(Self.magic)
            writer.write(key)
            writer.write(kept.count)
            for (entryKey, element, bytes) in kept.sorted(by: { $0.0 < $1.0 }) {
                writer.write(entryKey)
                writer.write(element)
                writer.write(bytes)
                try writer.send(to: output)
            }
        }
    }
}
