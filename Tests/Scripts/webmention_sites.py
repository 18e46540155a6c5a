# Three other sites and a WebSub hub on 127.0.0.1, for the tests of what a publish sends.
# Prints its port as the first line of standard output, then serves until standard input
# closes.
#   GET  /a/page       a page whose webmention endpoint is in its Link header (/a/endpoint)
#   GET  /b/page       a page whose endpoint is a <link rel="webmention"> (relative: endpoint)
#   GET  /c/page       a page with no endpoint
#   POST /a/endpoint, /b/endpoint   take a webmention: 202
#   POST /hub          takes a WebSub ping: 204
#   GET  /received     JSON: [{"path": "/a/endpoint", "form": {"source": …, "target": …}}, …]
import json, sys, threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs

lock = threading.Lock()
received = []


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def answer(self, status, body=b"", content_type="text/html; charset=utf-8", link=None):
        self.send_response(status)
        if link:
            self.send_header("Link", link)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        if self.path == "/received":
            with lock:
                body = json.dumps(received).encode()
            return self.answer(200, body, "application/json")
        if self.path == "/a/page":
            return self.answer(200, b"<!DOCTYPE html><title>A</title><p>A page.", link='</a/other>; rel="next", </a/endpoint>; rel="webmention"')
        if self.path == "/b/page":
            return self.answer(200, b'<!DOCTYPE html><title>B</title><link rel="stylesheet" href="/s.css"><link rel="webmention" href="endpoint"><p>B page.')
        if self.path == "/c/page":
            return self.answer(200, b"<!DOCTYPE html><title>C</title><p>No endpoint here.")
        return self.answer(404, b"not here")

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        form = {key: values[0] for key, values in parse_qs(self.rfile.read(length).decode()).items()}
        if self.path in ("/a/endpoint", "/b/endpoint", "/hub"):
            with lock:
                received.append({"path": self.path, "form": form, "type": self.headers.get("Content-Type")})
            return self.answer(204 if self.path == "/hub" else 202)
        return self.answer(404, b"not here")


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
threading.Thread(target=server.serve_forever, daemon=True).start()
print(server.server_address[1], flush=True)
sys.stdin.read()
server.shutdown()
