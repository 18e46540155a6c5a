/// Why the highlighting worker gave no answer; the build goes on without highlighting.
struct HighlighterError: Error, Sendable, Hashable, CustomStringConvertible {
    enum Reason: Sendable, Hashable {
        /// The interpreter could not be started (`posix_spawn`'s errno).
        case cannotStart(Int32)
        /// The worker said nothing within the deadline.
        case noAnswer(Duration)
        /// The worker closed its end, or wrote something that is not an answer.
        case stopped
        /// The worker has another Pygments than the one recorded when the build started.
        case changed
    }

    let interpreter: String
    let reason: Reason

    init(interpreter: String, _ reason: Reason) {
        self.interpreter = interpreter
        self.reason = reason
    }

    var description: String {
        switch reason {
        case .cannotStart(let code): "\(interpreter) could not be started (errno \(code))"
        case .noAnswer(let deadline): "the highlighter (\(interpreter)) gave no answer within \(Self.shown(deadline))"
        case .stopped: "the highlighter (\(interpreter)) stopped"
        case .changed: "Pygments (\(interpreter)) changed during the build"
        }
    }

    /// `10 s`, or `500 ms` under a second.
    static func shown(_ duration: Duration) -> String {
        let milliseconds = duration.inMilliseconds
        return milliseconds < 1000 ? "\(milliseconds) ms" : "\(milliseconds / 1000) s"
    }
}
