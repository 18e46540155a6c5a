import BakeIO
import BakeTestSupport
import Foundation

/// The search page in headless Chromium: a site baked by `bake build` with `@search true` is
/// served from a folder by Python's own static file server on an ephemeral loopback port, under
/// its base path; the browser opens the search page, types a word, waits for the status line to
/// name it, follows the first result, and axe-core and the Nu HTML checker look at the page (see
/// `BrowserCheck`).
struct SearchBrowserCheck: Encodable {
    /// The folder served as the host's root; the site is in it at its base path.
    let root: String
    /// The search page, e.g. `/blog/search/`.
    let searchPath: String
    /// What to type.
    let word: String
    /// More words to search for, each on its own, after the first result was followed.
    var moreWords: [String] = []

    /// Runs the check (5 minutes at most) and returns what the browser saw.
    func run() async throws -> SearchBrowserReport {
        try await BrowserCheck.run(BrowserCheck.prelude + Self.script, config: self)
    }
}

/// What the browser saw on the search page.
struct SearchBrowserReport: Decodable {
    /// One line naming what is missing when the browser or a checker could not run.
    let problem: String?
    /// The paths of every resource the search page loaded by its first search, e.g.
    /// `/blog/pagefind/bundles.json`.
    let loaded: [String]?
    /// How wide the page's content is at the phone's width.
    let scrollWidth: Int?
    let phoneWidth: Int?
    /// The backgrounds of the page and of its search box, by colour scheme.
    let colors: [String: [String: String]]?
    /// The status line above the results, e.g. "1 result for “word”".
    let message: String?
    /// Where each result links.
    let results: [String]?
    /// Where the results for each of `moreWords` link; none when nothing was found, and no
    /// entry when the status line did not name the word in time.
    let found: [String: [String]]?
    /// The path and first heading of the page the first result led to.
    let landedPath: String?
    let landedHeading: String?
    /// axe-core's violations by state: `light`, `dark`, and both again with results shown.
    let axe: [String: [BrowserReport.Violation]]?
    /// Errors the pages logged in the browser's console.
    let console: [String]?
    /// The Nu HTML checker's messages for the search page and the post it led to, as served.
    let nu: [String: BrowserReport.NuReport]?
}

/// The same search in headless Firefox, driven through Marionette
/// (`Tests/Scripts/search_in_firefox.py`): the site served the same way, each word typed on the
/// search page opened again, and where its results link once the status line names it.
struct SearchFirefoxCheck {
    let root: String
    let searchPath: String
    let words: [String]

    /// What Firefox saw.
    struct Report: Decodable {
        /// One line naming what is missing when Firefox could not run.
        let problem: String?
        /// Where the results for each word link; no entry when the status line did not name it in time.
        let found: [String: [String]]?
        /// Errors the pages raised, uncaught or unhandled.
        let console: [String]?
    }

    /// Runs the check (10 minutes at most) and returns what Firefox saw.
    func run() async throws -> Report {
        let script = repositoryRoot + "/Tests/Scripts/search_in_firefox.py"
        // Niced, with the browser under it, so that the tests beside it keep their share of the CPU.
        let run = try await Program(executable: "/usr/bin/env").run(["nice", "-n", "10", "python3", script, root, searchPath] + words, timeout: .seconds(600))
        guard let report = try? JSONDecoder().decode(Report.self, from: Data(run.output.utf8)) else {
            let ended = run.timedOut ? "was stopped after 10 minutes" : "ended (status \(run.status))"
            throw TestFailure(description: "the Firefox search check \(ended) without a report: \(run.output)\(run.errors)")
        }
        return report
    }
}

private extension SearchBrowserCheck {
    static let script = #"""
# Serves config["root"] on 127.0.0.1, port 0, and checks the search page at config["searchPath"].
from selenium.webdriver.common.by import By

server, base = serve_folder(config["root"])
search = base + config["searchPath"]
report = {"axe": {}, "colors": {}, "console": []}
box = "return document.querySelector('.search-input')?.checkVisibility() === true"
shown = "return [...document.querySelectorAll('.search-result-link')].map(a => a.getAttribute('href'))"
message = "const m = document.querySelector('.search-status'); return m ? m.textContent : ''"

def colors():
    return browser.execute_script(
        "const input = document.querySelector('.search-input');"
        "return {page: getComputedStyle(document.body).backgroundColor,"
        " box: input ? getComputedStyle(input).backgroundColor : 'no search box'}")

def console():
    report["console"] += [entry.get("message", "")[:200] for entry in browser.get_log("browser")]

def type_word(word):
    """Types `word` into the box and waits until the status line names it: the results for it,
    if any, are shown by then. Returns whether it did in time."""
    browser.find_element(By.CSS_SELECTOR, ".search-input").send_keys(word)
    return until("the status line to name " + word, lambda: "“" + word + "”" in browser.execute_script(message), timeout=60)

try:
    scheme("light")
    browser.get(search)
    if not until("the search box", lambda: browser.execute_script(box), timeout=60):
        give_up("the search box did not appear on " + config["searchPath"])
    report["scrollWidth"] = browser.execute_script("return document.documentElement.scrollWidth")
    report["phoneWidth"] = phone
    report["colors"]["light"] = colors()
    report["axe"]["light"] = axe()
    scheme("dark")
    report["colors"]["dark"] = colors()
    report["axe"]["dark"] = axe()
    scheme("light")

    type_word(config["word"])
    report["loaded"] = browser.execute_script("return performance.getEntriesByType('resource').map(e => new URL(e.name).pathname)")
    report["message"] = browser.execute_script(message)
    report["results"] = browser.execute_script(shown)
    report["axe"]["light, results"] = axe()
    scheme("dark")
    report["axe"]["dark, results"] = axe()
    scheme("light")
    console()

    if report["results"]:
        expected = urllib.parse.urljoin(search, report["results"][0])
        browser.find_element(By.CSS_SELECTOR, ".search-result-link").click()
        until("the result's page", lambda: browser.execute_script("return location.href") == expected
              and browser.execute_script("return document.readyState") == "complete")
        report["landedPath"] = browser.execute_script("return location.pathname")
        report["landedHeading"] = browser.execute_script("const h = document.querySelector('h1'); return h ? h.textContent.trim() : ''")
        console()

    # Each of the other words, typed into the box on a search page opened again; a word the
    # site no longer has finds nothing, so the status line, not a result, says it is done.
    report["found"] = {}
    for word in config["moreWords"]:
        browser.get(search)
        until("the search box", lambda: browser.execute_script(box), timeout=60)
        if type_word(word):
            report["found"][word] = browser.execute_script(shown)
    console()

    # The post too: its article carries Pagefind's attributes.
    documents = {"search": fetch(search)}
    if report["results"]:
        documents["post"] = fetch(urllib.parse.urljoin(search, report["results"][0]))
    report["nu"] = nu(documents)
finally:
    browser.quit()
    server.shutdown()
print(json.dumps(report), flush=True)
"""#
}
