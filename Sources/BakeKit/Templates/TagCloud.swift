import Foundation

/// The sizes of a tag cloud: each category's place between the least and the most written
/// about, on a log scale (as WordPress's and most Hugo themes' clouds do), so that one
/// category with a thousand posts does not shrink every other to the smallest size.
///
/// ```swift
/// TagCloud.sizes(of: [1, 10, 100, 3])   // [1, 3, 5, 2]
/// ```
public enum TagCloud {
    /// How many sizes there are; a theme styles `1` (fewest posts) to `sizes` (most).
    public static let sizes = 5

    /// The size of each of `counts`, 1 to `sizes`; all the middle size when they are equal.
    public static func sizes(of counts: [Int]) -> [Int] {
        let logs = counts.map { log(Double(max($0, 1))) }
        guard let low = logs.min(), let high = logs.max(), high > low else {
            return counts.map { _ in (sizes + 1) / 2 }
        }
        return logs.map { 1 + Int((($0 - low) / (high - low) * Double(sizes - 1)).rounded()) }
    }
}
