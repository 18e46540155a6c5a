import BakeTestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `bake preview --port 0` run as a user runs it: the real executable, in the blog's folder,
/// on an ephemeral loopback port read from the line it prints.
final class PreviewProcess: Sendable {
    /// The address preview serves, e.g. `http://127.0.0.1:41234`.
    let base: String
    private let program: BackgroundProgram

    /// Starts preview on `blog` and waits until it prints where it serves.
    init(blog: String) async throws {
        let program = try await BackgroundProgram.start(
            try builtExecutable("bake").path, ["preview", "--port", "0", blog], in: blog, errors: .merged
        )
        self.program = program
        let line = await program.firstLine { $0.contains("at http://127.0.0.1:") }
        guard let served = line?.firstMatch(of: /at (http:\/\/127\.0\.0\.1:\d+)\//).map({ String($0.1) }) else {
            program.signal(SIGTERM)
            throw TestFailure(description: "bake preview stopped before serving: \(program.output.joined(separator: "\n"))")
        }
        base = served
    }

    /// Everything preview printed so far, both streams.
    var printed: String { program.output.joined(separator: "\n") }

    /// Stops preview as Ctrl-C would, and waits for it to end.
    func stop() async {
        program.signal(SIGINT)
        _ = try? await program.exit()
    }
}
