@testable import BakeIO
import BakeKit
import BakeTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite struct PygmentsWorkerTests {
    @Test func highlightsEveryBlockInOrderAndSaysWhichPygmentsItHas() async throws {
        let worker = try await PygmentsWorker.start(interpreter: try TestPython.real(), deadline: .seconds(30))
        defer { worker.stop() }
        guard case .ready(let version, let watched) = worker.hello else {
            Issue.record("the worker found no Pygments: \(worker.hello)")
            return
        }
        #expect(version == (try await TestPython.pygmentsVersion()))
        #expect(watched.contains { $0.hasSuffix("pygments/__init__.py") })
        let blocks = [
            CodeBlock(language: "swift", code: "let x = \"é 🎉\"\n"),
            CodeBlock(language: "no-such-language", code: "x\n"),
            CodeBlock(language: "PYTHON", code: "\n\ndef f():\n\treturn 'a' < \"b\"\n"),
        ]
        let answers = try worker.highlight(blocks)
        #expect(answers.count == 3)
        #expect(answers[0]?.hasPrefix("<span class=\"kd\">let</span>") == true)
        #expect(answers[1] == nil)
        // Leading blank lines and tabs are kept: the highlighted code is the code.
        for (block, answer) in zip(blocks, answers) where answer != nil {
            #expect(block.isShown(by: answer ?? ""), "\(answer ?? "")")
        }
    }

    @Test func manyBlocksGoThroughOneWorker() async throws {
        let worker = try await PygmentsWorker.start(interpreter: try TestPython.real(), deadline: .seconds(30))
        defer { worker.stop() }
        // More than a socket buffer holds each way, so that sending and reading must take turns.
        let blocks = (0..<2_000).map { CodeBlock(language: "python", code: "def f\($0)(x):\n    return x * \($0)  # \(String(repeating: "long comment ", count: 20))\n") }
        let answers = try worker.highlight(blocks)
        #expect(answers.count == blocks.count)
        #expect(zip(blocks, answers).allSatisfy { $0.isShown(by: $1 ?? "") })
    }

    @Test func aPythonWithoutPygmentsSaysSo() async throws {
        try await withTemporaryFolder { root in
            try await TestPython.withoutPygments(at: root + "/python3")
            let worker = try PygmentsWorker.start(interpreter: root + "/python3", deadline: .seconds(30))
            guard case .missing(let watched) = worker.hello else {
                Issue.record("expected no Pygments: \(worker.hello)")
                return
            }
            #expect(!watched.isEmpty)
            #expect(Self.isReaped(worker.pid))
        }
    }

    @Test func aWorkerThatDoesNotAnswerIsStoppedAndReapedAtTheDeadline() throws {
        try withTemporaryFolder { root in
            try TestPython.hanging(at: root + "/python3", version: "2.20.0")
            let worker = try PygmentsWorker.start(interpreter: root + "/python3", deadline: .milliseconds(300))
            #expect(worker.hello == .ready(version: "2.20.0", watched: []))
            #expect(throws: HighlighterError(interpreter: root + "/python3", .noAnswer(.milliseconds(300)))) {
                try worker.highlight([CodeBlock(language: "swift", code: "let x = 1\n")])
            }
            #expect(Self.isReaped(worker.pid))
        }
    }

    @Test func aWorkerThatDiesIsReaped() throws {
        try withTemporaryFolder { root in
            try TestPython.dying(at: root + "/python3", version: "2.20.0")
            let worker = try PygmentsWorker.start(interpreter: root + "/python3", deadline: .seconds(30))
            #expect(throws: HighlighterError(interpreter: root + "/python3", .stopped)) {
                try worker.highlight([CodeBlock(language: "swift", code: "let x = 1\n")])
            }
            #expect(Self.isReaped(worker.pid))
        }
    }

    @Test func anInterpreterThatCannotRunIsAnError() throws {
        try withTemporaryFolder { root in
            try Data("not a program".utf8).write(to: URL(fileURLWithPath: root + "/python3"))
            #expect(throws: HighlighterError.self) {
                try PygmentsWorker.start(interpreter: root + "/python3", deadline: .seconds(30))
            }
        }
    }

    @Test func stoppingReapsTheWorker() async throws {
        let worker = try await PygmentsWorker.start(interpreter: try TestPython.real(), deadline: .seconds(30))
        worker.stop()
        worker.stop()
        #expect(Self.isReaped(worker.pid))
    }

    @Test func theWorkerHoldsNoneOfThisProcesssDescriptors() async throws {
        // A pipe as Foundation makes them, inheritable, like another child's input would be.
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { ends.forEach { close($0) } }
        let worker = try await PygmentsWorker.start(interpreter: try TestPython.real(), deadline: .seconds(30))
        defer { worker.stop() }
        let ours = Set(ends.map { Self.target(of: "/proc/self/fd/\($0)") })
        let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(worker.pid)/fd")
        let theirs = Set(descriptors.map { Self.target(of: "/proc/\(worker.pid)/fd/\($0)") })
        #expect(ours.isDisjoint(with: theirs), "the worker holds \(theirs)")
    }

    static func target(of link: String) -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: link)) ?? link
    }

    /// Whether `pid` is no child of this process any more, not even a zombie.
    static func isReaped(_ pid: pid_t) -> Bool {
        var status: Int32 = 0
        return waitpid(pid, &status, WNOHANG) == -1 && errno == ECHILD
    }
}
