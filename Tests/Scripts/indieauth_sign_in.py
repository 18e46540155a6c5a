"""Signs in to bake-metaweblog over IndieAuth in a real browser, as a Micropub app's user does.

    python3 indieauth_sign_in.py BROWSER SHIM_BASE PASSWORD [without-pkce]

BROWSER is `chromium` (driven by selenium through chromedriver) or `firefox` (driven by
Mozilla's marionette_driver). The script plays the app too: a web server on 127.0.0.1 with a
`client_id` page and a `redirect_uri`, a PKCE pair, and the token request after the browser
came back. It prints one JSON object: the URL the browser ended on, the state it carried, and
the token endpoint's answer; or `{"problem": "..."}` when the browser cannot be run.

With `without-pkce`, the app's link has no code_challenge, as an app without PKCE sends it:
the browser opens it and the script prints the page the person sees instead (`title`, `text`,
and whether it has a password field).
"""
import base64, hashlib, http.server, json, secrets, shutil, sys, threading, time
import urllib.parse, urllib.request
import headless_firefox

browser_name, shim, password = sys.argv[1], sys.argv[2].rstrip("/"), sys.argv[3]
without_pkce = len(sys.argv) > 4 and sys.argv[4] == "without-pkce"

def give_up(line):
    print(json.dumps({"problem": line}), flush=True)
    sys.exit(0)

class App(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        body = b"<!DOCTYPE html><title>The app</title><p>Back in the app.</p>"
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
    def log_message(self, *args):
        pass

app = http.server.ThreadingHTTPServer(("127.0.0.1", 0), App)
threading.Thread(target=app.serve_forever, daemon=True).start()
client_id = f"http://127.0.0.1:{app.server_address[1]}/"
redirect_uri = client_id + "callback"
verifier = secrets.token_urlsafe(48)
challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).decode().rstrip("=")
state = secrets.token_urlsafe(12)
parameters = {
    "response_type": "code", "client_id": client_id, "redirect_uri": redirect_uri, "state": state,
    "code_challenge": challenge, "code_challenge_method": "S256", "scope": "create", "me": shim + "/",
}
if without_pkce:
    del parameters["code_challenge"], parameters["code_challenge_method"]
link = shim + "/auth?" + urllib.parse.urlencode(parameters)

def shown(title, text, password_fields):
    """The page the person sees, printed as the script's answer."""
    print(json.dumps({"title": title, "text": text, "password_field": bool(password_fields), "client_id": client_id}), flush=True)
    app.shutdown()
    sys.exit(0)

def chromium_session():
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.options import Options
        from selenium.webdriver.chrome.service import Service
        from selenium.webdriver.common.by import By
    except ImportError:
        give_up("python3 cannot import selenium; install it with `python3 -m pip install selenium` (script/setup does)")
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    chromedriver = shutil.which("chromedriver")
    if chromium is None or chromedriver is None:
        give_up("no chromium or chromedriver on PATH; install Debian's chromium and chromium-driver (script/setup does)")
    options = Options()
    options.binary_location = chromium
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--no-first-run"):
        options.add_argument(argument)
    browser = webdriver.Chrome(service=Service(chromedriver), options=options)
    try:
        browser.set_page_load_timeout(300)
        browser.get(link)
        if without_pkce:
            return shown(browser.title, browser.find_element(By.TAG_NAME, "body").text,
                         browser.find_elements(By.CSS_SELECTOR, "input[type=password]"))
        browser.find_element(By.CSS_SELECTOR, "input[type=password]").send_keys(password)
        browser.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
        deadline = time.monotonic() + 120
        while not browser.current_url.startswith(redirect_uri) and time.monotonic() < deadline:
            time.sleep(0.05)
        return browser.current_url
    finally:
        browser.quit()

def firefox_session():
    from marionette_driver.by import By
    with headless_firefox.session() as client:
        client.navigate(link)
        if without_pkce:
            return shown(client.title, client.find_element(By.TAG_NAME, "body").text,
                         client.find_elements(By.CSS_SELECTOR, "input[type=password]"))
        client.find_element(By.CSS_SELECTOR, "input[type=password]").send_keys(password)
        client.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
        deadline = time.monotonic() + 120
        while not client.get_url().startswith(redirect_uri) and time.monotonic() < deadline:
            time.sleep(0.05)
        return client.get_url()

try:
    ended = chromium_session() if browser_name == "chromium" else firefox_session()
except SystemExit:
    raise
except headless_firefox.Missing as missing:
    give_up(str(missing))
except Exception as error:
    give_up(f"{browser_name} failed: " + (str(error).strip().splitlines() or [type(error).__name__])[0])

query = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(ended).query))
answer = {"url": ended, "state_matches": query.get("state") == state}
if "code" in query:
    form = urllib.parse.urlencode({
        "grant_type": "authorization_code", "code": query["code"], "client_id": client_id,
        "redirect_uri": redirect_uri, "code_verifier": verifier,
    }).encode()
    try:
        with urllib.request.urlopen(urllib.request.Request(shim + "/token", data=form), timeout=300) as response:
            answer["token"] = json.load(response)
    except urllib.error.HTTPError as error:
        answer["token_error"] = f"{error.code} {error.read().decode(errors='replace')}"
app.shutdown()
print(json.dumps(answer), flush=True)
