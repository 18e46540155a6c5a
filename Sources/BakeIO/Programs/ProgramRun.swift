/// How a run of a `Program` ended: its status and what it wrote.
public struct ProgramRun: Sendable, Hashable {
    /// The exit code, or 128 plus the number of the signal that ended it, as a shell says it.
    public let status: Int32
    /// Standard output, decoded as UTF-8.
    public let output: String
    /// Standard error, decoded as UTF-8.
    public let errors: String
    /// Whether it was killed for running past its timeout.
    public let timedOut: Bool

    public init(status: Int32, output: String, errors: String, timedOut: Bool) {
        self.status = status
        self.output = output
        self.errors = errors
        self.timedOut = timedOut
    }

    /// Whether it ended by itself with status 0.
    public var succeeded: Bool { status == 0 && !timedOut }

    /// The first line of standard error that is not blank, trimmed: what most programs say
    /// first about why they failed. Nil when they said nothing there.
    public var firstErrorLine: String? {
        ProgramMessages.plain.reasonIfAny(in: errors)
    }
}
