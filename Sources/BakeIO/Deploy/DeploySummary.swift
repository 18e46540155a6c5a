/// What a deploy did, or with `dryRun` would do.
public struct DeploySummary: Sendable, Hashable {
    public let target: DeployTarget
    public let dryRun: Bool
    /// Files sent, because they were new on the target or their bytes differed.
    public let sent: [String]
    /// Files deleted on the target: bake published them before and no longer makes them.
    public let deleted: [String]
    /// Bytes on the wire; for a dry run, the size of the files that would be sent.
    public let bytes: Int64
}
