import Foundation

/// The search page in headless Chromium: a site baked by `bake build` with `@search true` is
/// served from a folder by Python's own static file server on an ephemeral loopback port, under
/// its base path; the browser opens the search page, types a word, waits for Pagefind's results,
/// follows one, and axe-core and the Nu HTML checker look at the page (see `BrowserCheck`).
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
    /// The paths of every resource the search page loaded, e.g. `/blog/pagefind/pagefind-ui.js`.
    let loaded: [String]?
    /// How wide the page's content is at the phone's width.
    let scrollWidth: Int?
    let phoneWidth: Int?
    /// The backgrounds of the page and of Pagefind's search box, by colour scheme.
    let colors: [String: [String: String]]?
    /// The message Pagefind shows above its results, e.g. "1 result for …".
    let message: String?
    /// Where each result links.
    let results: [String]?
    /// Where the results for each of `moreWords` link.
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

private extension SearchBrowserCheck {
    static let script = #"""
# Serves config["root"] on 127.0.0.1, port 0, and checks the search page at config["searchPath"].
from selenium.webdriver.common.by import By

server, base = serve_folder(config["root"])
search = base + config["searchPath"]
report = {"axe": {}, "colors": {}, "console": []}

def colors():
    return browser.execute_script(
        "const input = document.querySelector('.pagefind-ui__search-input');"
        "return {page: getComputedStyle(document.body).backgroundColor,"
        " box: input ? getComputedStyle(input).backgroundColor : 'no search box'}")

def console():
    report["console"] += [entry.get("message", "")[:200] for entry in browser.get_log("browser")]

try:
    scheme("light")
    browser.get(search)
    if not until("Pagefind's search box", lambda: browser.execute_script("return document.querySelector('.pagefind-ui__search-input') !== null")):
        give_up("Pagefind's search box did not appear on " + config["searchPath"])
    report["loaded"] = browser.execute_script("return performance.getEntriesByType('resource').map(e => new URL(e.name).pathname)")
    report["scrollWidth"] = browser.execute_script("return document.documentElement.scrollWidth")
    report["phoneWidth"] = phone
    report["colors"]["light"] = colors()
    report["axe"]["light"] = axe()
    scheme("dark")
    report["colors"]["dark"] = colors()
    report["axe"]["dark"] = axe()
    scheme("light")

    browser.find_element(By.CSS_SELECTOR, ".pagefind-ui__search-input").send_keys(config["word"])
    shown = "return [...document.querySelectorAll('.pagefind-ui__result-link')].map(a => a.getAttribute('href'))"
    message = "const m = document.querySelector('.pagefind-ui__message'); return m ? m.textContent : ''"
    until("Pagefind's results", lambda: config["word"] in browser.execute_script(message) and len(browser.execute_script(shown)) > 0)
    report["message"] = browser.execute_script(message)
    report["results"] = browser.execute_script(shown)
    report["axe"]["light, results"] = axe()
    scheme("dark")
    report["axe"]["dark, results"] = axe()
    scheme("light")
    console()

    if report["results"]:
        expected = urllib.parse.urljoin(search, report["results"][0])
        browser.find_element(By.CSS_SELECTOR, ".pagefind-ui__result-link").click()
        until("the result's page", lambda: browser.execute_script("return location.href") == expected
              and browser.execute_script("return document.readyState") == "complete")
        report["landedPath"] = browser.execute_script("return location.pathname")
        report["landedHeading"] = browser.execute_script("const h = document.querySelector('h1'); return h ? h.textContent.trim() : ''")
        console()

    # Each of the other words, typed into the box on a search page opened again.
    report["found"] = {}
    for word in config["moreWords"]:
        browser.get(search)
        until("Pagefind's search box", lambda: browser.execute_script("return document.querySelector('.pagefind-ui__search-input') !== null"))
        browser.find_element(By.CSS_SELECTOR, ".pagefind-ui__search-input").send_keys(word)
        until("Pagefind's results for " + word, lambda: word in browser.execute_script(message) and len(browser.execute_script(shown)) > 0)
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
