/// A program that could not be run to its end: not found, not startable, or too talkative.
/// A program that ran and failed is not an error but a `ProgramRun` with its status.
public struct ProgramError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Reason: Sendable, Hashable {
        /// No such program on the `PATH`, or no executable file at its path.
        case notFound
        /// The system could not start it (its errno, as text).
        case cannotStart(String)
        /// It wrote more than `Program.outputLimit` on standard output.
        case tooMuchOutput
        /// Anything else the runner met: the pipes or the monitor failed.
        case failed(String)
    }

    /// The program's name or path, as bake looked for it.
    public let program: String
    public let reason: Reason

    public init(program: String, _ reason: Reason) {
        self.program = program
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .notFound: "\(program) was not found"
        case .cannotStart(let why): "cannot start \(program): \(why)"
        case .tooMuchOutput: "\(program) wrote more output than bake reads"
        case .failed(let why): "running \(program) failed: \(why)"
        }
    }
}
