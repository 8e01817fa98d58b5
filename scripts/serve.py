#!/usr/bin/env python3
"""Serves the typelattice playground (only its public files) on 127.0.0.1.

Usage: python3 scripts/serve.py [--port 8000] [--root DIR]

Only an allow-list of paths is served: index.html, web/dist/, web/playground/, web/components/, examples/,
assets/ and docs/ (the playground links docs/embedding.md), and /favicon.ico (the playground's icon). Anything
else (the repository, .git, build trees, traversal attempts such as /../ or %2e%2e) is a 404.
Every response, errors included, carries a strict Content-Security-Policy: scripts only from this origin, no
inline scripts, WebAssembly compilation allowed ('wasm-unsafe-eval'), workers from this origin. Methods other than GET and HEAD get 405;
a connection idle for --idle-timeout seconds is closed.
"""
import argparse
import http.server
import os
import posixpath
import sys
import urllib.parse

# Directories whose files are public, and single public files (relative to the repository root).
PUBLIC_DIRS = ("web/dist/", "web/playground/", "web/components/", "examples/", "assets/", "docs/")
PUBLIC_FILES = ("index.html",)
# Browsers ask every server for /favicon.ico when a document names no icon (an asset or a docs page opened on its
# own): the playground's icon, rather than a 404 in that page's console.
ALIASES = {"favicon.ico": "web/playground/icon.svg"}

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".map": "application/json",  # the playground bundle's source maps (devtools fetch them)
    ".wasm": "application/wasm",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".woff2": "font/woff2",
    ".ts": "text/plain; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".csv": "text/csv; charset=utf-8",
    ".md": "text/markdown; charset=utf-8",
}

CONTENT_SECURITY_POLICY = "; ".join([
    "default-src 'none'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self'",
    "img-src 'self' blob: data:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self'",  # the Your lattice view checks large graphs in web/playground/check-worker.js
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
])


def public_path(root, url_path):
    """Maps a request path to a file under root, or None when it is not public (or does not exist)."""
    path = urllib.parse.urlsplit(url_path).path
    decoded = urllib.parse.unquote(path)
    # Refuse anything that could climb out or hide a component: '..', backslashes, NUL, empty segments.
    if "\\" in decoded or "\0" in decoded:
        return None
    segments = decoded.split("/")[1:]
    if any(seg in ("..", ".") for seg in segments) or any(seg.startswith(".") for seg in segments if seg):
        return None
    relative = posixpath.normpath(decoded.lstrip("/")) if decoded.strip("/") else ""
    if relative in ("", "."):
        relative = "index.html"
    relative = ALIASES.get(relative, relative)
    if decoded.endswith("/") and relative != "index.html":
        return None  # no directory listings
    if relative not in PUBLIC_FILES and not any(relative.startswith(d) for d in PUBLIC_DIRS):
        return None
    if os.path.splitext(relative)[1] not in MIME_TYPES:
        return None
    full = os.path.realpath(os.path.join(root, relative))
    real_root = os.path.realpath(root)
    if not full.startswith(real_root + os.sep) or not os.path.isfile(full):
        return None
    return full


class PlaygroundHandler(http.server.BaseHTTPRequestHandler):
    server_version = "typelattice-serve"
    sys_version = ""
    protocol_version = "HTTP/1.1"   # keep-alive: the page loads ~20 files; every response has a Content-Length
    root = "."
    # A request line without a version (HTTP/0.9) or too garbled to say would otherwise be answered with a bare
    # body and no headers at all, CSP included.
    default_request_version = "HTTP/1.0"
    timeout = 30                    # seconds a connection may sit idle (socketserver applies it to the socket)

    def end_headers(self):
        # Here rather than in _headers, so that the errors http.server sends itself (400, 414, 431, 505, ...)
        # carry the same policy as the files.
        self.send_header("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        self.send_header("Cross-Origin-Opener-Policy", "same-origin")
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def _headers(self, status, content_type, length):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(length))
        self.end_headers()

    def _not_allowed(self):
        body = b"405 method not allowed: this server only reads (GET, HEAD)\n"
        self.send_response(405)
        self.send_header("Allow", "GET, HEAD")
        self.send_header("Content-Type", "text/plain; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        self.close_connection = True  # the request body, if any, is not read
        self.end_headers()
        self.wfile.write(body)

    do_POST = do_PUT = do_DELETE = do_PATCH = do_OPTIONS = do_TRACE = do_CONNECT = _not_allowed  # noqa: N815

    def _serve(self, with_body):
        full = public_path(self.root, self.path)
        if full is None:
            body = b"404 not found\n"
            self._headers(404, "text/plain; charset=utf-8", len(body))
            if with_body:
                self.wfile.write(body)
            return
        with open(full, "rb") as f:
            data = f.read()
        self._headers(200, MIME_TYPES[os.path.splitext(full)[1]], len(data))
        if with_body:
            self.wfile.write(data)

    def do_GET(self):  # noqa: N802 (http.server's naming)
        self._serve(True)

    def do_HEAD(self):  # noqa: N802
        self._serve(False)

    def log_message(self, fmt, *args):
        if not getattr(self.server, "quiet", False):
            sys.stderr.write("%s %s\n" % (self.address_string(), fmt % args))


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description="Serve the typelattice playground on 127.0.0.1.")
    parser.add_argument("--port", type=int, default=8000, help="TCP port (default 8000; 0 picks a free one)")
    parser.add_argument("--root", default=os.path.dirname(here), help="repository root (default: this checkout)")
    parser.add_argument("--quiet", action="store_true", help="do not log requests")
    parser.add_argument("--idle-timeout", type=float, default=30.0,
                        help="close a connection idle this many seconds (default 30)")
    args = parser.parse_args()
    if not os.path.isfile(os.path.join(args.root, "web", "dist", "typelattice.mjs")):
        sys.stderr.write("warning: web/dist/typelattice.mjs is missing; build it with "
                         "`cmake --preset wasm && cmake --build --preset wasm`\n")
    PlaygroundHandler.root = args.root
    PlaygroundHandler.timeout = args.idle_timeout
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", args.port), PlaygroundHandler)
    httpd.quiet = args.quiet
    # The tests read this line to learn the port when --port 0 is given.
    print("serving http://127.0.0.1:%d/" % httpd.server_address[1], flush=True)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()


if __name__ == "__main__":
    main()
