/// A duration as the numbers programs print and pass on.
extension Duration {
    /// In seconds, with the fraction, e.g. `1.25`.
    public var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }

    /// In whole milliseconds, rounded down.
    public var inMilliseconds: Int64 {
        components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
    }
}
