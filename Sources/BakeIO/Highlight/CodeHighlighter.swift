import BakeKit
import Foundation
import Synchronization

/// Highlights the fenced code of one build's Markdown bodies with Pygments, into
/// `<span class="…">` tokens inside the `<pre tabindex="0"><code class="language-…">` that
/// cmark-gfm wrote.
///
/// Each block's HTML is kept in `.bake-cache/highlights` by its language and code, for the
/// Pygments that made it, so a build asks Pygments only about code it has not seen. Those
/// questions go to one worker process (`PygmentsWorker`), started on the first of them (or
/// at the start, when `.bake-cache/highlighter` cannot say which Pygments there is) and
/// stopped by `finish()`. The rest of the build waits for the answers, so much new code (a
/// clean build) is shared among more workers, up to one a core (`HighlighterSetup.workers`). Unknown languages, blocks without one and HTML bodies stay as
/// cmark-gfm wrote them.
///
/// Everything a highlighted body depends on is in `identity`, which the body cache, the
/// page fingerprints and the build's digest include: turning highlighting off, or installing
/// or upgrading Pygments, rebuilds what it changes. When the worker fails during a build,
/// the rest is left unhighlighted, `hasFailed` says so, and that build's pages and bodies are
/// not recorded as up to date.
///
/// ```swift
/// let highlighter = await CodeHighlighter.start(enabled: settings.highlight, blog: blog, setup: .standard, clean: false)
/// defer { highlighter.finish() }
/// let bodies = await highlighter.highlight(parsedBodies)
/// ```
final class CodeHighlighter: Sendable {
    /// What a highlighted body depends on besides its source: `off`, `none` (no Pygments), or
    /// Pygments' version and the worker's.
    let identity: String
    private let blog: BlogFolder
    private let setup: HighlighterSetup
    /// The interpreter found for `setup`, nil when there is none.
    private let interpreter: String?
    private let clean: Bool
    private let state: Mutex<State>
    /// Whether the worker failed during the build; apart from `state`, which a question to the
    /// worker holds for as long as it waits, so that reading it never waits.
    private let failed = Atomic<Bool>(false)
    /// Where the waits on the worker happen: a thread of its own rather than one of the few
    /// that run every task of the process, which a wait of seconds would hold up.
    private let queue: DispatchQueue

    private struct State {
        /// The workers running, none until the first question unless `start` asked which
        /// Pygments there is.
        var workers: [PygmentsWorker] = []
        var cache: HighlightCache?
        /// Why Pygments could not be asked when this build started.
        var unavailable: HighlighterError?
        /// Why the worker stopped during the build.
        var failure: HighlighterError?
        /// Whether a block was left as it was for want of Pygments.
        var lacked = false
    }

    /// How many blocks make another worker worth starting: Python and Pygments take a
    /// tenth of a second to start, in which one worker highlights a few hundred blocks.
    static let blocksPerWorker = 256

    /// How many blocks a worker is given at a time: few enough that the workers finish
    /// together, enough that the turns between them cost nothing.
    static let blocksPerTurn = 64

    private init(identity: String, blog: BlogFolder, setup: HighlighterSetup, interpreter: String?, clean: Bool, state: sending State,
                 queue: DispatchQueue) {
        self.identity = identity
        self.blog = blog
        self.setup = setup
        self.interpreter = interpreter
        self.clean = clean
        self.state = Mutex(state)
        self.queue = queue
    }

    /// The highlighter of one build: off; or the Pygments that `.bake-cache/highlighter`
    /// records, when nothing it depends on has changed; or what a worker started now says it
    /// has (that worker then stays for the build's questions). `clean` trusts neither file.
    static func start(enabled: Bool, blog: BlogFolder, setup: HighlighterSetup, clean: Bool) async -> CodeHighlighter {
        let queue = DispatchQueue(label: "bake.highlighter")
        guard enabled else {
            return CodeHighlighter(identity: "off", blog: blog, setup: setup, interpreter: nil, clean: clean, state: State(), queue: queue)
        }
        let interpreter = ExecutableSearch.find(setup.interpreter)
        if !clean, let known = PygmentsInstallation.recorded(at: blog.highlighterPath, interpreter: interpreter) {
            return CodeHighlighter(identity: known.identity, blog: blog, setup: setup, interpreter: interpreter, clean: clean, state: State(), queue: queue)
        }
        return await withCheckedContinuation { continuation in
            queue.async {
                continuation.resume(returning: asked(interpreter, blog: blog, setup: setup, clean: clean, queue: queue))
            }
        }
    }

    /// `start` for an installation not known yet: what a worker started now says.
    private static func asked(_ interpreter: String?, blog: BlogFolder, setup: HighlighterSetup, clean: Bool, queue: DispatchQueue) -> CodeHighlighter {
        var state = State()
        if let interpreter {
            do {
                let worker = try PygmentsWorker.start(interpreter: interpreter, deadline: setup.deadline)
                if case .ready = worker.hello { state.workers = [worker] }
                let installation = PygmentsInstallation(interpreter: interpreter, hello: worker.hello)
                // The record only saves time; failing to save it must not fail the build.
                try? installation.write(to: blog.highlighterPath)
                return CodeHighlighter(identity: installation.identity, blog: blog, setup: setup, interpreter: interpreter, clean: clean, state: state, queue: queue)
            } catch {
                // Not recorded: the next build asks again.
                state.unavailable = error
            }
        } else {
            try? PygmentsInstallation(interpreter: nil, hello: nil).write(to: blog.highlighterPath)
        }
        return CodeHighlighter(identity: "none", blog: blog, setup: setup, interpreter: interpreter, clean: clean, state: state, queue: queue)
    }

    /// `bodies` (source path → body HTML) with the code of their Markdown bodies highlighted.
    func highlight(_ bodies: [String: String]) async -> [String: String] {
        guard identity != "off", !bodies.isEmpty else { return bodies }
        let markdown = bodies.filter { BodyFormat(fileName: $0.key) == .markdown }
        guard identity != "none" else {
            // Nothing can highlight them: only whether any body has code, for the warning.
            if markdown.values.contains(where: CodeBlock.mayOccur) { state.withLock { $0.lacked = true } }
            return bodies
        }
        let located = await parallelMap(Array(markdown)) { path, html in (path, CodeBlock.locate(in: html)) }.filter { !$0.1.blocks.isEmpty }
        var unique = Set<CodeBlock>()
        for (_, body) in located { unique.formUnion(body.blocks) }
        guard !unique.isEmpty else { return bodies }
        let blocks = unique
        let highlighted = await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: self.highlights(of: blocks)) }
        }
        guard !highlighted.isEmpty else { return bodies }
        let spliced = await parallelMap(located) { path, body in (path, CodeBlock.splice(body, highlighted)) }
        var result = bodies
        for (path, html) in spliced { result[path] = html }
        return result
    }

    /// One body (the Markdown or HTML file at `path`) with its code highlighted, waiting on
    /// the calling thread: for a body a page needs while it renders, which is rare.
    func highlight(body: String, of path: String) -> String {
        guard identity != "off", BodyFormat(fileName: path) == .markdown else { return body }
        let located = CodeBlock.locate(in: body)
        guard !located.blocks.isEmpty else { return body }
        return CodeBlock.splice(located, highlights(of: Set(located.blocks)))
    }

    /// Whether the worker failed during the build, so that some bodies are not highlighted
    /// although `identity` says they would be.
    var hasFailed: Bool {
        failed.load(ordering: .relaxed)
    }

    /// One line when code went unhighlighted: how to get Pygments, or why the worker failed.
    var warnings: [Diagnostic] {
        state.withLock { state in
            if let failure = state.failure ?? state.unavailable, state.lacked || state.failure != nil {
                return [Diagnostic(path: "site.settings", line: nil, message: "warning: some code is not highlighted: \(failure); the next build tries again")]
            }
            guard state.lacked else { return [] }
            let reason = interpreter.map { "\($0) has no Pygments" } ?? "\(setup.interpreter) was not found"
            return [Diagnostic(path: "site.settings", line: nil, message: "warning: code is not highlighted, as \(reason); expected Pygments: `apt-get install python3-pygments` or `pip install Pygments` (or `@highlight false` to turn highlighting off)")]
        }
    }

    /// Stops the worker, and keeps what it made for the next build.
    func finish() {
        state.withLock { state in
            for worker in state.workers { worker.stop() }
            state.workers = []
            if let cache = state.cache, !cache.added.isEmpty {
                // The cache only saves time; failing to save it must not fail the build.
                try? cache.write(to: blog.highlightCachePath, identity: identity)
            }
        }
    }
}

private extension CodeHighlighter {
    /// The HTML of each of `blocks` that Pygments highlights: from the cache, else from the
    /// worker. The worker's answers are checked to show the very code asked about.
    func highlights(of blocks: Set<CodeBlock>) -> [CodeBlock: String] {
        state.withLock { state in
            guard identity != "none" else {
                state.lacked = true
                return [:]
            }
            if state.cache == nil {
                state.cache = clean ? HighlightCache() : HighlightCache.load(from: blog.highlightCachePath, identity: identity)
            }
            var result: [CodeBlock: String] = [:]
            var missing: [CodeBlock] = []
            for block in blocks {
                switch state.cache?[block] {
                case .some(.some(let html)) where block.isShown(by: html): result[block] = html
                case .some(.none): continue
                default: missing.append(block)
                }
            }
            guard !missing.isEmpty, state.failure == nil else { return result }
            // In a stable order, so that one build asks the same questions as another.
            missing.sort { ($0.language, $0.code) < ($1.language, $1.code) }
            let answers = ask(missing, keeping: &state.workers)
            for (block, answer) in zip(missing, answers.answers) {
                // A block no worker answered (one failed) is left as it was, and not kept.
                guard let html = answer else { continue }
                state.cache?.add(block, html: html)
                if let html { result[block] = html }
            }
            if let failure = answers.failure {
                state.failure = failure
                failed.store(true, ordering: .relaxed)
            }
            return result
        }
    }

    /// Pygments' answer to each of `blocks`, checked to show its code (`.some(nil)`: a language
    /// it does not know, or an answer that does not show the code; nil: not answered, as a
    /// worker failed), from `workers` and, for much code, more workers
    /// started now, a turn of blocks at a time; `workers` is left with those still running.
    /// The first failure stops every worker and is returned; a worker that cannot start leaves
    /// its turns to the others, and is a failure only when no worker runs.
    func ask(_ blocks: [CodeBlock], keeping workers: inout [PygmentsWorker]) -> (answers: [String??], failure: HighlighterError?) {
        let count = min(setup.workers, max(1, blocks.count / Self.blocksPerWorker))
        let turns = (blocks.count + Self.blocksPerTurn - 1) / Self.blocksPerTurn
        let shared = Mutex(Turns(running: workers, answers: Array(repeating: nil, count: blocks.count)))
        // Each worker waits on a thread of its own, as the first does on `queue`: not on one of
        // the few that run every task of the process.
        let work: @Sendable (Int) -> Void = { slot in
            let worker: PygmentsWorker
            if let running = shared.withLock({ $0.running.indices.contains(slot) ? $0.running[slot] : nil }) {
                worker = running
            } else {
                do throws(HighlighterError) {
                    worker = try self.startWorker()
                } catch {
                    // The others answer for it; only when none could start is it the build's failure.
                    shared.withLock { $0.startFailure = $0.startFailure ?? error }
                    return
                }
                shared.withLock { $0.started.append(worker) }
            }
            do throws(HighlighterError) {
                while let turn = shared.withLock({ $0.failure == nil && $0.next < turns ? $0.take() : nil }) {
                    let range = (turn * Self.blocksPerTurn)..<min(blocks.count, (turn + 1) * Self.blocksPerTurn)
                    let asked = Array(blocks[range])
                    // Checked here, while the other workers still highlight.
                    let answers = zip(asked, try worker.highlight(asked)).map { block, answer -> String?? in
                        .some(answer.flatMap { block.isShown(by: $0) ? $0 : nil })
                    }
                    shared.withLock { $0.answers.replaceSubrange(range, with: answers) }
                }
            } catch {
                shared.withLock { if $0.failure == nil { $0.failure = error } }
            }
        }
        let group = DispatchGroup()
        for slot in 1..<count {
            DispatchQueue(label: "bake.highlighter.\(slot)").async(group: group) { work(slot) }
        }
        work(0)
        group.wait()
        return shared.withLock { turns in
            let all = turns.running + turns.started
            if all.isEmpty, turns.failure == nil { turns.failure = turns.startFailure }
            if turns.failure != nil {
                for worker in all { worker.stop() }
                workers = []
            } else {
                workers = all
            }
            return (turns.answers, turns.failure)
        }
    }

    /// What the workers of one `ask` share.
    struct Turns: ~Copyable {
        /// The workers running before, and those started now.
        var running: [PygmentsWorker]
        var started: [PygmentsWorker] = []
        var answers: [String??]
        var next = 0
        var failure: HighlighterError?
        /// Why a worker could not start; the others take its turns.
        var startFailure: HighlighterError?

        mutating func take() -> Int {
            defer { next += 1 }
            return next
        }
    }

    /// A worker for this build's questions, when the recorded installation said which Pygments
    /// there is. One that has another records what it has and fails this build's questions.
    func startWorker() throws(HighlighterError) -> PygmentsWorker {
        let interpreter = interpreter ?? setup.interpreter
        let worker = try PygmentsWorker.start(interpreter: interpreter, deadline: setup.deadline)
        let installation = PygmentsInstallation(interpreter: interpreter, hello: worker.hello)
        guard installation.identity == identity else {
            worker.stop()
            try? installation.write(to: blog.highlighterPath)
            throw HighlighterError(interpreter: interpreter, .changed)
        }
        return worker
    }

}
