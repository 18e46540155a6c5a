import Foundation

/// Maps `items` on every core, in chunks so that task overhead stays small, keeping order.
package func parallelMap<T: Sendable, R: Sendable>(_ items: [T], _ transform: @escaping @Sendable (T) -> R) async -> [R] {
    let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
    guard items.count > 1, workers > 1 else { return items.map(transform) }
    let chunkCount = min(items.count, workers * 8)
    let chunkSize = (items.count + chunkCount - 1) / chunkCount
    return await withTaskGroup(of: (Int, [R]).self) { group in
        for start in stride(from: 0, to: items.count, by: chunkSize) {
            let end = min(start + chunkSize, items.count)
            group.addTask { (start, items[start..<end].map(transform)) }
        }
        var chunks: [(Int, [R])] = []
        for await chunk in group { chunks.append(chunk) }
        chunks.sort { $0.0 < $1.0 }
        return chunks.flatMap(\.1)
    }
}
