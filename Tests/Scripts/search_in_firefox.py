"""Searches a baked site's search page in headless Firefox, a word at a time.

    python3 search_in_firefox.py ROOT SEARCH_PATH WORD...

ROOT is served by Python's static file server on 127.0.0.1 (an ephemeral port), as the
Chromium search check serves it; SEARCH_PATH is the search page in it, e.g. `/blog/search/`.
For each WORD the page is opened again, the word typed into its box, and the script waits
until the status line names it. Firefox is driven by Mozilla's marionette_driver. It prints
one JSON object, {"found": {word: [result hrefs]}, "console": [errors the pages raised]}, in
which a word the status line never named has no entry; or {"problem": "..."} when Firefox
cannot be run.
"""
import functools, http.server, json, sys, threading

root, search_path, words = sys.argv[1], sys.argv[2], sys.argv[3:]

def give_up(line):
    print(json.dumps({"problem": line}), flush=True)
    sys.exit(0)

try:
    from marionette_driver import Wait
    from marionette_driver.by import By
    from marionette_driver.errors import TimeoutException
except ImportError:
    pass  # headless_firefox.session() says so
import headless_firefox

class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *arguments):
        pass

server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=root))
threading.Thread(target=server.serve_forever, daemon=True).start()
base = f"http://127.0.0.1:{server.server_address[1]}"

box = "return document.querySelector('.search-input')?.checkVisibility() === true"
status = "return document.querySelector('.search-status')?.textContent ?? ''"
shown = "return [...document.querySelectorAll('.search-result-link')].map(a => a.getAttribute('href'))"
# Errors the site's pages raised, uncaught or unhandled, as Firefox's console service has them.
# (Their console.error calls stay in the content process, out of reach; Chromium's run sees those.)
errors = """
return Services.console.getMessageArray()
  .filter(m => m instanceof Ci.nsIScriptError && !(m.flags & (Ci.nsIScriptError.warningFlag | Ci.nsIScriptError.infoFlag)))
  .filter(m => m.sourceName.startsWith(arguments[0]))
  .map(m => m.sourceName + ": " + m.errorMessage);
"""

report = {"found": {}, "console": []}
try:
    with headless_firefox.session() as client:
        for word in words:
            client.navigate(base + search_path)
            Wait(client, timeout=120, interval=0.05).until(lambda m: m.execute_script(box), message="the search box")
            client.find_element(By.CSS_SELECTOR, ".search-input").send_keys(word)
            # The results for the word, if any, are shown by the time the status line names it.
            try:
                Wait(client, timeout=120, interval=0.05).until(lambda m: f"\u201c{word}\u201d" in m.execute_script(status))
            except TimeoutException:
                continue
            report["found"][word] = client.execute_script(shown)
        with client.using_context(client.CONTEXT_CHROME):
            report["console"] = [line[:200] for line in client.execute_script(errors, script_args=[base])]
except headless_firefox.Missing as missing:
    give_up(str(missing))
except SystemExit:
    raise
except Exception as error:
    give_up("firefox failed: " + (str(error).strip().splitlines() or [type(error).__name__])[0])
finally:
    server.shutdown()
print(json.dumps(report), flush=True)
