import BakeIO
import Testing

@Suite struct ProgramMessagesTests {
    @Test func eachProgramsReasonIsReadByItsRule() {
        #expect(ProgramMessages.plain.reason(in: "\n  first line  \nsecond\n") == "first line")
        #expect(ProgramMessages.plain.reasonIfAny(in: " \n\n") == nil)
        #expect(ProgramMessages.plain.reason(in: "") == "no message")
        #expect(ProgramMessages.curl.reason(in: "curl: (6) Could not resolve host: nowhere.example\n") == "Could not resolve host: nowhere.example")
        #expect(ProgramMessages.curl.reason(in: "\ncurl: (28) Operation timed out\n") == "Operation timed out")
        #expect(ProgramMessages.pagefind.reason(in: "Running Pagefind\nError: Could not find a folder\nmore\n") == "Could not find a folder")
        #expect(ProgramMessages.pagefind.reason(in: "thread 'main' panicked\n") == "thread 'main' panicked")
        #expect(ProgramMessages.rsync.reason(in: "rsync: connection unexpectedly closed (0 bytes)\nrsync error: error in rsync protocol (code 12)\n") == "rsync: connection unexpectedly closed (0 bytes)")
    }

    @Test func aRunsFirstErrorLineIsThePlainRule() {
        let run = ProgramRun(status: 1, output: "", errors: "\nfatal: not a git repository\n", timedOut: false)
        #expect(run.firstErrorLine == "fatal: not a git repository")
    }
}
