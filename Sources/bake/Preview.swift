import ArgumentParser
import BakeCommandLine
import BakeIO
import Foundation

extension Bake {
    /// `bake preview`: bake, serve on 127.0.0.1, rebuild and reload on every save.
    ///
    /// The server is `bake-preview`, installed beside `bake`: this command reads and checks
    /// the arguments (so `bake preview --help` and a bad `--port` answer as any command's),
    /// then becomes `bake-preview` with the same arguments, keeping this process's id, terminal
    /// and signals. `bake` itself then links neither NIO nor Hummingbird, which halves its
    /// first release build.
    struct Preview: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: PreviewArguments.abstract)

        @OptionGroup var arguments: PreviewArguments

        func run() throws {
            guard let server = Program.companion(named: "bake-preview") else {
                FileHandle.standardError.write(Data("bake: cannot preview: bake-preview is not installed; expected it beside bake or on the PATH (swift build -c release --product bake-preview builds it)\n".utf8))
                throw ExitCode.failure
            }
            let words = CommandLine.arguments.dropFirst()
            let passed = words.firstIndex(of: "preview").map { Array(words[($0 + 1)...]) } ?? []
            let error = server.replaceProcess(passed)
            FileHandle.standardError.write(Data("bake: cannot preview: \(error.description)\n".utf8))
            throw ExitCode.failure
        }
    }
}
