/// One output of the site, as planned: where it goes and everything it is made from.
///
/// The renderer is given nothing else about it, and its fingerprint is the hash of the two,
/// so an incremental build that skips an output whose path and inputs are unchanged cannot
/// leave it stale.
///
/// A class of constants, as `Post` is: a plan of 10,000 posts is handed from stage to stage
/// (fingerprints, the split, the render), and as a struct every copy retained each string and
/// array inside it, each in memory of its own. One copy cost about 0.4 µs, 5 ms an edit.
public final class PlannedPage: Sendable, Hashable {
    public let path: SitePath
    public let inputs: OutputInputs
    /// The post or page file it comes from (for a redirect, the file whose `@aliases` asked
    /// for it); nil for the pages bake makes itself.
    public let source: String?

    public init(path: SitePath, inputs: OutputInputs, source: String? = nil) {
        self.path = path
        self.inputs = inputs
        self.source = source
    }

    public static func == (a: PlannedPage, b: PlannedPage) -> Bool {
        a === b || (a.path == b.path && a.inputs == b.inputs && a.source == b.source)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(inputs)
        hasher.combine(source)
    }
}
