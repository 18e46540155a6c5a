import Foundation

/// A post with pictures in headless Chromium as a phone shows it (390 CSS px, two device
/// pixels per CSS pixel): the site, baked by `bake build`, is served by Python's static file
/// server; the browser loads the post, scrolls through it so that lazy pictures load, and
/// reports what it fetched, what each picture shows and how far the layout shifted.
struct PictureBrowserCheck: Encodable {
    /// The site's folder, served as the host's root.
    let root: String
    /// The post, e.g. `/2024/05/06/photos.html`.
    let path: String

    func run() async throws -> PictureBrowserReport {
        try await BrowserCheck.run(BrowserCheck.prelude + Self.script, config: self)
    }
}

struct PictureBrowserReport: Decodable {
    struct Image: Decodable {
        let src: String
        let currentSrc: String
        let naturalWidth: Int
        let naturalHeight: Int
        let width: String?
        let height: String?
        let srcset: String?
        let loading: String?
        let complete: Bool
    }

    struct Resource: Decodable {
        let path: String
        let bytes: Int
    }

    let problem: String?
    let images: [Image]?
    /// Every picture the page fetched, with its size on the wire.
    let fetched: [Resource]?
    /// The sum of the page's layout shifts (cumulative layout shift) while it loaded and scrolled.
    let layoutShift: Double?
    let scrollWidth: Int?
    let phoneWidth: Int?
    let console: [String]?
}

private extension PictureBrowserCheck {
    static let script = #"""
server, base = serve_folder(config["root"])
report = {}
try:
    # A phone with a 2x screen, and no cache: every picture comes over the wire.
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": phone, "height": 844, "deviceScaleFactor": 2, "mobile": True})
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
        window.bakeShift = 0;
        new PerformanceObserver(list => {
            for (const entry of list.getEntries()) { if (!entry.hadRecentInput) window.bakeShift += entry.value; }
        }).observe({type: "layout-shift", buffered: true});
    """})
    browser.get(base + config["path"])
    # Down the page a screen at a time, so that each lazy picture is asked for, then back up.
    height = browser.execute_script("return document.documentElement.scrollHeight")
    for y in range(0, height + 844, 400):
        browser.execute_script(f"window.scrollTo(0, {y})")
        until("pictures near the view to load", lambda: browser.execute_script(
            "return [...document.images].every(i => i.loading === 'lazy' && i.getBoundingClientRect().top > innerHeight * 2 || i.complete)"))
    if not until("every picture to load", lambda: browser.execute_script("return [...document.images].every(i => i.complete && i.naturalWidth > 0)"), timeout=300):
        give_up("the pictures of " + config["path"] + " did not all load")
    browser.execute_script("window.scrollTo(0, 0)")
    report["images"] = browser.execute_script("""
        return [...document.querySelectorAll('main img, article img')].map(i => ({
            src: i.getAttribute('src'), currentSrc: new URL(i.currentSrc).pathname, naturalWidth: i.naturalWidth, naturalHeight: i.naturalHeight,
            width: i.getAttribute('width'), height: i.getAttribute('height'), srcset: i.getAttribute('srcset'),
            loading: i.getAttribute('loading'), complete: i.complete}))""")
    report["fetched"] = browser.execute_script("""
        return performance.getEntriesByType('resource').filter(e => e.initiatorType === 'img')
            .map(e => ({path: new URL(e.name).pathname, bytes: e.encodedBodySize}))""")
    report["layoutShift"] = browser.execute_script("return window.bakeShift")
    report["scrollWidth"] = browser.execute_script("return document.documentElement.scrollWidth")
    report["phoneWidth"] = phone
    report["console"] = [entry.get("message", "")[:200] for entry in browser.get_log("browser")]
finally:
    browser.quit()
    server.shutdown()
print(json.dumps(report), flush=True)
"""#
}
