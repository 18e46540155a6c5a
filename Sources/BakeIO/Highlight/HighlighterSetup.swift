/// How a build reaches Pygments: the Python interpreter that runs bake's highlighting worker,
/// and how long it may take over one answer.
///
/// ```swift
/// HighlighterSetup.standard                                   // python3 on PATH, 60 s an answer
/// HighlighterSetup(interpreter: "/opt/python/bin/python3", deadline: .seconds(30))
/// ```
public struct HighlighterSetup: Sendable, Hashable {
    /// A path, or a name looked up on `PATH`.
    public let interpreter: String
    /// How long the worker may take to start, or to answer once asked; past it, the worker is
    /// stopped and the build goes on without highlighting what is left.
    public let deadline: Duration

    public init(interpreter: String, deadline: Duration) {
        self.interpreter = interpreter
        self.deadline = deadline
    }

    /// `python3` on `PATH`, and 10 s an answer: Pygments takes milliseconds over a block, so
    /// only a stuck worker comes near it.
    public static let standard = HighlighterSetup(interpreter: "python3", deadline: .seconds(60))
}
