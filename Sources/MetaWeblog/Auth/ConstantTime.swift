/// Comparisons whose time does not depend on where the inputs differ.
enum ConstantTime {
    /// Whether `a` and `b` are the same bytes. Every byte of the longer one is visited, so
    /// the time depends only on the lengths.
    static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        var difference = UInt(bitPattern: a.count ^ b.count)
        for index in 0..<max(a.count, b.count) {
            let left = index < a.count ? a[index] : 0
            let right = index < b.count ? b[index] : 0
            difference |= UInt(left ^ right)
        }
        return difference == 0
    }
}
