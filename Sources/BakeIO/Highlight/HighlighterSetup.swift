import Foundation

/// How a build reaches Pygments: the Python interpreter that runs bake's highlighting worker,
/// how long it may take over one answer, and how many workers may share a build's code.
///
/// ```swift
/// HighlighterSetup.standard                                   // python3 on PATH, 60 s an answer, a worker a core
/// HighlighterSetup(interpreter: "/opt/python/bin/python3", deadline: .seconds(30), workers: 1)
/// ```
public struct HighlighterSetup: Sendable, Hashable {
    /// A path, or a name looked up on `PATH`.
    public let interpreter: String
    /// How long the worker may take to start, or to answer once asked; past it, the worker is
    /// stopped and the build goes on without highlighting what is left.
    public let deadline: Duration
    /// How many workers may highlight at once when a build has much new code (at least one).
    /// The rest of the build waits for them, and Pygments takes most of a clean build of a
    /// blog with code: a worker a core makes that wait as short as the machine allows.
    public let workers: Int

    public init(interpreter: String, deadline: Duration, workers: Int = HighlighterSetup.defaultWorkers) {
        self.interpreter = interpreter
        self.deadline = deadline
        self.workers = max(1, workers)
    }

    /// One worker a core, at most 8: past that, starting Python costs more than it saves.
    public static var defaultWorkers: Int {
        min(8, max(1, ProcessInfo.processInfo.activeProcessorCount))
    }

    /// `python3` on `PATH`, and 60 s an answer: Pygments takes milliseconds over a block, so
    /// only a stuck worker comes near it.
    public static let standard = HighlighterSetup(interpreter: "python3", deadline: .seconds(60))
}
