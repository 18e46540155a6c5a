# A web server on 127.0.0.1 with one path for each answer a link checker must tell apart, for
# the tests of `bake check --external`. Prints its port as the first line of standard output,
# then serves until standard input closes.
#   /ok            200 to HEAD and GET
#   /missing       404
#   /moved         301 to /ok;  /moved-to-missing  302 to /missing;  /loop  301 to itself
#   /no-head       405 to HEAD, 200 to GET, as some servers answer
#   /hang          reads the request and never answers
#   /held/NAME     200, after holding the request until three requests to /held/ are open at
#                  once or half a second has passed; /stats reports the most that were open
#   /stats         JSON: {"requests": ["HEAD /ok", ...], "most_held": N}
# and an IndieAuth app's pages, each publishing a redirect on another host (localhost):
#   /app/html      <link rel="redirect_uri" href="http://localhost:PORT/cb/html">
#   /app/json      a client metadata document: "redirect_uris": ["http://localhost:PORT/cb/json"]
#   /app/header    Link: <http://localhost:PORT/cb/header>; rel="redirect_uri"
#   /app/moved     301 to /app/html
import json, sys, threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

lock = threading.Condition()
stop = threading.Event()
state = {"requests": [], "held": 0, "most_held": 0}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def answer(self, status, location=None, body=b"ok\n", content_type="text/plain", link=None):
        self.send_response(status)
        if location:
            self.send_header("Location", location)
        if link:
            self.send_header("Link", link)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def route(self):
        if self.path == "/stats":
            with lock:
                body = json.dumps({"requests": state["requests"], "most_held": state["most_held"]}).encode()
            return self.answer(200, body=body)
        with lock:
            state["requests"].append("%s %s" % (self.command, self.path))
        if self.path == "/ok":
            return self.answer(200)
        if self.path == "/missing":
            return self.answer(404)
        if self.path == "/moved":
            return self.answer(301, "http://%s/ok" % self.headers["Host"])
        if self.path == "/moved-to-missing":
            return self.answer(302, "/missing")
        if self.path == "/loop":
            return self.answer(301, "/loop")
        if self.path == "/no-head":
            return self.answer(405 if self.command == "HEAD" else 200)
        elsewhere = "http://localhost:%d/cb/" % self.server.server_address[1]
        if self.path == "/app/html":
            page = '<!DOCTYPE html><title>App</title><link rel="stylesheet" href="/s.css"><link rel="redirect_uri" href="%shtml"><h1>App</h1>' % elsewhere
            return self.answer(200, body=page.encode(), content_type="text/html; charset=utf-8")
        if self.path == "/app/json":
            document = {"client_id": "http://%s/app/json" % self.headers["Host"], "client_name": "App", "redirect_uris": [elsewhere + "json"]}
            return self.answer(200, body=json.dumps(document).encode(), content_type="application/json")
        if self.path == "/app/header":
            return self.answer(200, body=b"<!DOCTYPE html><title>App</title>", content_type="text/html", link='</about>; rel="author", <%sheader>; rel="redirect_uri"' % elsewhere)
        if self.path == "/app/moved":
            return self.answer(301, "/app/html")
        if self.path == "/hang":
            stop.wait()
            return
        if self.path.startswith("/held/"):
            with lock:
                state["held"] += 1
                state["most_held"] = max(state["most_held"], state["held"])
                lock.notify_all()
                lock.wait_for(lambda: state["held"] >= 3, timeout=0.5)
                state["held"] -= 1
            return self.answer(200)
        return self.answer(404)

    do_GET = route
    do_HEAD = route


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
threading.Thread(target=server.serve_forever, daemon=True).start()
print(server.server_address[1], flush=True)
sys.stdin.read()
stop.set()
server.shutdown()
