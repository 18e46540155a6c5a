/// One output of the site, as planned: where it goes and everything it is made from.
///
/// The renderer is given nothing else about it, and its fingerprint is the hash of the two,
/// so an incremental build that skips an output whose path and inputs are unchanged cannot
/// leave it stale.
public struct PlannedPage: Sendable, Hashable {
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
}
