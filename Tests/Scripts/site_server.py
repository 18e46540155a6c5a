# A plain web server on 127.0.0.1 for a baked site: serves the files of the folder given as its
# one argument, as a host of static files would, so that a test can load a page or a picture
# by its URL. Prints its port as the first line of standard output, then serves until
# standard input closes.
#   site_server.py FOLDER
import functools, sys, threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer


class Handler(SimpleHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass


server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=sys.argv[1]))
server.daemon_threads = True
threading.Thread(target=server.serve_forever, daemon=True).start()
print(server.server_address[1], flush=True)
sys.stdin.read()
server.shutdown()
