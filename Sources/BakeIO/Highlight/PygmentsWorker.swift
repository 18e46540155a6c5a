import BakeKit
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// bake's highlighting worker: one Python process that imports Pygments once and highlights
/// every block a build sends it. It speaks one JSON object a line in each direction, over a
/// socket pair that is its standard input and output:
///
/// - First it says which Pygments it has, `{"version": "2.20.0", "watch": […]}`, or
///   `{"missing": true, "watch": […]}` when the interpreter has none. `watch` names what
///   decides that answer: the interpreter, the folders of its import path, Pygments itself.
/// - Then it answers each `{"lang": "swift", "code": "…"}`, in order, with `{"html": "…"}`
///   (Pygments' `HtmlFormatter(nowrap=True)`: the code in `<span class="…">` tokens) or with
///   `{"unknown": true}` for a language no lexer of Pygments' has.
///
/// It runs in a process group of its own; `stop()` kills the group and reaps it, so that
/// neither a stuck worker nor a zombie outlives the build.
///
/// Its state is not locked: one thread at a time uses a worker, under `CodeHighlighter`'s
/// lock, which a build's workers share out among threads one each while they highlight.
///
/// ```swift
/// let worker = try PygmentsWorker.start(interpreter: "/usr/bin/python3", deadline: .seconds(10))
/// let answers = try worker.highlight([CodeBlock(language: "swift", code: "let x = 1\n")])
/// worker.stop()
/// ```
final class PygmentsWorker: @unchecked Sendable {
    /// What the worker said when it started.
    enum Hello: Sendable, Hashable {
        case ready(version: String, watched: [String])
        case missing(watched: [String])
    }

    /// The version of the exchange and of the options the worker passes to Pygments; part of
    /// the key of every highlight bake keeps.
    static let protocolVersion = 1

    let interpreter: String
    /// What it said when it started.
    private(set) var hello: Hello = .missing(watched: [])
    /// The worker's process, and its process group.
    let pid: pid_t
    private let socket: Int32
    private let deadline: Duration
    /// Bytes received after the last whole line.
    private var received: [UInt8] = []
    private var stopped = false

    private init(interpreter: String, pid: pid_t, socket: Int32, deadline: Duration) {
        self.interpreter = interpreter
        self.pid = pid
        self.socket = socket
        self.deadline = deadline
    }

    deinit {
        stop()
    }

    /// Starts the worker with `interpreter` (a path) and waits for it to say which Pygments it has.
    static func start(interpreter: String, deadline: Duration) throws(HighlighterError) -> PygmentsWorker {
        let (pid, socket) = try spawn(interpreter, arguments: ["-c", script])
        let worker = PygmentsWorker(interpreter: interpreter, pid: pid, socket: socket, deadline: deadline)
        let line = try worker.exchange(sending: [], lines: 1)[0]
        guard let said = try? JSONDecoder().decode(HelloLine.self, from: Data(line)) else {
            try worker.fail(.stopped)
        }
        let watched = said.watch ?? []
        if let version = said.version, said.missing != true {
            worker.hello = .ready(version: version, watched: watched)
        } else {
            worker.hello = .missing(watched: watched)
            // It has nothing more to do, and has ended or is ending.
            worker.stop()
        }
        return worker
    }

    /// The highlighted HTML of each block, in order; nil for a block whose language Pygments
    /// does not know. Throws when the worker stops or misses the deadline on an answer; the
    /// worker is stopped then.
    func highlight(_ blocks: [CodeBlock]) throws(HighlighterError) -> [String?] {
        guard !blocks.isEmpty else { return [] }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        var requests: [UInt8] = []
        for block in blocks {
            // Every block is asked about, or none: the answers are matched to the questions by order.
            guard let line = try? encoder.encode(Request(lang: block.language, code: block.code)) else {
                stop()
                throw HighlighterError(interpreter: interpreter, .stopped)
            }
            requests += line
            requests.append(UInt8(ascii: "\n"))
        }
        let lines = try exchange(sending: requests, lines: blocks.count)
        let decoder = JSONDecoder()
        var answers: [String?] = []
        answers.reserveCapacity(lines.count)
        for line in lines {
            guard let answer = try? decoder.decode(Answer.self, from: Data(line)), answer.html != nil || answer.unknown == true else {
                stop()
                throw HighlighterError(interpreter: interpreter, .stopped)
            }
            answers.append(answer.html)
        }
        return answers
    }

    /// Closes the worker's input, kills its process group and reaps it. Safe to call again.
    func stop() {
        guard !stopped else { return }
        stopped = true
        close(socket)
        // Nothing the worker still has to say matters once it is stopped.
        kill(-pid, SIGKILL)
        kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
    }
}

private extension PygmentsWorker {
    struct HelloLine: Decodable {
        let version: String?
        let missing: Bool?
        let watch: [String]?
    }

    struct Request: Encodable {
        let lang: String
        let code: String
    }

    struct Answer: Decodable {
        let html: String?
        let unknown: Bool?
    }

    /// Sends `bytes` while reading `lines` lines back, each within the deadline of the one
    /// before it (or of the start). Reading as it sends, so that neither side waits on a full
    /// socket buffer.
    func exchange(sending bytes: [UInt8], lines count: Int) throws(HighlighterError) -> [[UInt8]] {
        guard !stopped else { throw HighlighterError(interpreter: interpreter, .stopped) }
        var lines: [[UInt8]] = []
        lines.reserveCapacity(count)
        var sent = 0
        var lastAnswer = ContinuousClock.now
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            var consumed = 0
            while lines.count < count, let newline = received[consumed...].firstIndex(of: UInt8(ascii: "\n")) {
                lines.append(Array(received[consumed..<newline]))
                consumed = newline + 1
                lastAnswer = ContinuousClock.now
            }
            received.removeFirst(consumed)
            if lines.count == count { return lines }
            let left = lastAnswer + deadline - ContinuousClock.now
            guard left > .zero else { try fail(.noAnswer(deadline)) }
            let milliseconds = Int32(clamping: left.inMilliseconds + 1)
            var descriptor = pollfd(fd: socket, events: Int16(POLLIN) | (sent < bytes.count ? Int16(POLLOUT) : 0), revents: 0)
            let ready = poll(&descriptor, 1, milliseconds)
            if ready < 0, errno != EINTR { try fail(.stopped) }
            guard ready > 0 else { continue }
            if descriptor.revents & Int16(POLLOUT) != 0, sent < bytes.count {
                let written = bytes.withUnsafeBytes { buffer in
                    send(socket, buffer.baseAddress! + sent, bytes.count - sent, Int32(MSG_DONTWAIT) | Int32(MSG_NOSIGNAL))
                }
                if written > 0 {
                    sent += written
                } else if errno != EAGAIN, errno != EINTR {
                    try fail(.stopped)
                }
            }
            if descriptor.revents & (Int16(POLLIN) | Int16(POLLHUP) | Int16(POLLERR)) != 0 {
                let read = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
                if read > 0 {
                    received += chunk[..<read]
                } else if read == 0 || (errno != EAGAIN && errno != EINTR) {
                    try fail(.stopped)
                }
            }
        }
    }

    func fail(_ reason: HighlighterError.Reason) throws(HighlighterError) -> Never {
        stop()
        throw HighlighterError(interpreter: interpreter, reason)
    }

    /// Starts `interpreter` in a process group of its own, its standard input and output one
    /// end of a socket pair (the other end is returned), its standard error discarded.
    static func spawn(_ interpreter: String, arguments: [String]) throws(HighlighterError) -> (pid_t, Int32) {
        var pair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw HighlighterError(interpreter: interpreter, .cannotStart(errno))
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pair[1], 0)
        posix_spawn_file_actions_adddup2(&actions, pair[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // Nothing else of this process: a descriptor the worker kept would keep a pipe or a
        // socket of bake's (another child's input, a server's connection) open as long as it runs.
        closeInheritedDescriptors(&actions)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var signals = sigset_t()
        sigemptyset(&signals)
        posix_spawnattr_setsigmask(&attributes, &signals)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK))
        let argv = ([interpreter] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, interpreter, &actions, &attributes, argv, environ)
        close(pair[1])
        guard result == 0 else {
            close(pair[0])
            throw HighlighterError(interpreter: interpreter, .cannotStart(result))
        }
        return (pid, pair[0])
    }

    /// Adds to `actions` the closing of every descriptor from 3 up: with glibc's
    /// `posix_spawn_file_actions_addclosefrom_np` (2.34 and later; Swift does not import it,
    /// so it is looked up by name), else one by one, as `/proc/self/fd` lists them now.
    static func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) {
        if let closeFrom = addCloseFrom {
            _ = closeFrom(&actions, 3)
            return
        }
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for descriptor in open.compactMap(Int32.init) where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
    }

    typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    static let addCloseFrom: AddCloseFrom? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: AddCloseFrom.self)
    }()

    /// The worker, run with `python3 -c`. It drops the current folder from the import path,
    /// so that a blog's own `json.py` or `pygments/` cannot stand in for the real ones. The
    /// lexers keep the code as it is: no leading or trailing newlines stripped or added.
    static let script = #"""
    import sys
    sys.path[:] = [entry for entry in sys.path if entry not in ("", ".")]
    import json
    import site

    def send(message):
        sys.stdout.write(json.dumps(message) + "\n")
        sys.stdout.flush()

    # Where packages are, and where pip or apt would put one, whether or not it exists yet.
    watch = [sys.executable] + sys.path
    try:
        watch += site.getsitepackages()
        if site.ENABLE_USER_SITE:
            watch.append(site.getusersitepackages())
    except Exception:
        pass
    try:
        import pygments
        from pygments import highlight
        from pygments.formatters.html import HtmlFormatter
        from pygments.lexers import get_lexer_by_name
    except ImportError:
        send({"missing": True, "watch": watch})
        sys.exit(0)
    send({"version": pygments.__version__, "watch": watch + [pygments.__file__]})
    formatter = HtmlFormatter(nowrap=True)
    lexers = {}
    for line in sys.stdin.buffer:
        request = json.loads(line)
        language = request["lang"]
        if language not in lexers:
            try:
                lexers[language] = get_lexer_by_name(language, stripnl=False, ensurenl=False)
            except Exception:
                lexers[language] = None
        lexer = lexers[language]
        try:
            answer = {"html": highlight(request["code"], lexer, formatter)} if lexer else {"unknown": True}
        except Exception:
            answer = {"unknown": True}
        send(answer)
    """#
}
