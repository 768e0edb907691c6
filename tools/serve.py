#!/usr/bin/env python3
"""Serve web/ on http://127.0.0.1:8000 with the MIME types and cache headers the game needs.

    python3 tools/serve.py [--port 8000] [--host 127.0.0.1] [--dir web] [--quiet]

Standard library only. ``Handler`` is reused by the e2e fixture and the start-up benchmark, so every
run sees the same types and headers: Pyodide needs ``application/wasm`` for streaming compilation, and
the content-addressed paths (vendor/pyodide/<version>/, wheels/<hash>/) are cached as immutable, so a
warm reload fetches nothing but the page itself.

Precompressed copies (``<file>.br``, ``<file>.gz``, written by tools/build_site.py) are served in place of the file
when the browser accepts their encoding and the copy is at least as new as the file, with ``Content-Encoding``, the
file's own ``Content-Type`` and ``Vary: Accept-Encoding`` (a cache keeps one answer per encoding). Nothing is
compressed on the fly.

Every file is served with an ``ETag`` made of its modification time in nanoseconds and its size (and the encoding
of the copy sent), and a request whose ``If-None-Match`` names it is answered 304. ``Last-Modified`` alone has a
one-second grain: a file rewritten within the second it was fetched in (a test's second build, a quick rebuild) was
revalidated as unchanged, and the browser's service-worker update check never saw the new build.
"""

from __future__ import annotations

import argparse
import email.utils
import functools
import http.server
import os
import sys
import threading
import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

WEB_DIR = Path(__file__).resolve().parent.parent / "web"

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".webmanifest": "application/manifest+json",
    ".txt": "text/plain; charset=utf-8",
}
# Paths whose content never changes under the same URL (version or hash in the path).
IMMUTABLE_PREFIXES = ("/vendor/", "/wheels/")
# Precompressed copies, in the order they are preferred, by the suffix tools/build_site.py gives them.
ENCODINGS = (("br", ".br"), ("gzip", ".gz"))


def accepted_encodings(header: str) -> set[str]:
    """The content codings an Accept-Encoding header allows (q=0 refuses one; ``*`` is not needed here)."""
    accepted = set()
    for item in header.split(","):
        name, _, params = item.strip().partition(";")
        q = params.strip()
        if q.startswith("q="):
            try:
                if float(q[2:]) <= 0:
                    continue
            except ValueError:
                continue
        if name.strip():
            accepted.add(name.strip().lower())
    return accepted


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files from ``directory`` with explicit MIME types, keep-alive and cache headers."""

    protocol_version = "HTTP/1.1"  # keep-alive: the page makes a dozen requests on one connection
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    quiet = False
    encodings: tuple[tuple[str, str], ...] = ENCODINGS   # a subclass may serve fewer (the byte benchmark does)
    varies = False   # this response depends on Accept-Encoding
    etag: str | None = None   # of the file (or copy) this response is about

    def end_headers(self) -> None:
        if self.etag:
            self.send_header("ETag", self.etag)
        path = self.path.split("?", 1)[0]
        if path.startswith(IMMUTABLE_PREFIXES):
            self.send_header("Cache-Control", "public, max-age=31536000, immutable")
        else:
            self.send_header("Cache-Control", "no-cache")  # revalidate: index.html, js/, css/, wheel.json
        if self.varies:
            self.send_header("Vary", "Accept-Encoding")
        super().end_headers()

    def send_head(self):  # type: ignore[no-untyped-def]  # (typeshed: io.BufferedIOBase | BytesIO | None)
        """The file, or its precompressed copy when the browser accepts it (see the module's docstring)."""
        self.varies = False
        self.etag = None
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?", 1)[0].endswith("/"):
            path = os.path.join(path, "index.html")
        if not os.path.isfile(path):
            return super().send_head()   # directories, redirects, 404s: as the standard handler does them
        copies = [(name, path + suffix) for name, suffix in self.encodings
                  if os.path.isfile(path + suffix) and os.stat(path + suffix).st_mtime >= os.stat(path).st_mtime]
        self.varies = bool(copies)
        accepted = accepted_encodings(self.headers.get("Accept-Encoding", ""))
        chosen = next(((name, copy) for name, copy in copies if name in accepted), None)
        stat = os.stat(path)
        self.etag = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}{"-" + chosen[0] if chosen else ""}"'
        if self.etag in {tag.strip() for tag in self.headers.get("If-None-Match", "").split(",")}:
            self.send_response(http.HTTPStatus.NOT_MODIFIED)
            self.end_headers()
            return None
        if chosen is None:
            return super().send_head()
        name, copy = chosen
        try:
            f = open(copy, "rb")  # noqa: SIM115  (returned open, as the standard handler does)
        except OSError:
            return super().send_head()
        mtime = int(os.stat(path).st_mtime)
        since = self.headers.get("If-Modified-Since")
        if since and "If-None-Match" not in self.headers:
            try:
                if mtime <= email.utils.parsedate_to_datetime(since).timestamp():
                    f.close()
                    self.send_response(http.HTTPStatus.NOT_MODIFIED)
                    self.end_headers()
                    return None
            except (TypeError, ValueError, IndexError, OverflowError):
                pass
        self.send_response(http.HTTPStatus.OK)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", name)
        self.send_header("Content-Length", str(os.fstat(f.fileno()).st_size))
        self.send_header("Last-Modified", self.date_time_string(mtime))
        self.end_headers()
        return f

    def log_message(self, format: str, *args: object) -> None:
        if not self.quiet:
            super().log_message(format, *args)


def make_handler(
    directory: Path = WEB_DIR, quiet: bool = False, base: type[Handler] = Handler
) -> functools.partial[Handler]:
    handler_class = type("QuietHandler", (base,), {"quiet": True}) if quiet else base
    return functools.partial(handler_class, directory=str(directory))


class Server(http.server.ThreadingHTTPServer):
    """A client gone mid-answer (the browser cancelled a request, a page closed) is no server error: nothing said.
    Anything else prints its whole traceback (the standard server's header alone reached the test logs)."""

    def handle_error(self, request: object, client_address: object) -> None:
        if isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            return
        print(f"serve: an error answering {client_address}:\n{traceback.format_exc()}", file=sys.stderr, flush=True)


@contextmanager
def serving(
    directory: Path = WEB_DIR, host: str = "127.0.0.1", port: int = 0, quiet: bool = True,
    handler: type[Handler] = Handler,
) -> Iterator[str]:
    """Serve *directory* in a background thread; yields the base URL (port 0 = a free port)."""
    with Server((host, port), make_handler(directory, quiet, handler)) as server:
        server.daemon_threads = True
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        try:
            yield f"http://{host}:{server.server_port}/"
        finally:
            server.shutdown()
            thread.join()


def serve(directory: Path = WEB_DIR, host: str = "127.0.0.1", port: int = 8000, quiet: bool = False) -> None:
    if not (directory / "index.html").is_file():
        sys.exit(f"serve: {directory} has no index.html")
    try:
        server = Server((host, port), make_handler(directory, quiet))
    except OSError as err:
        sys.exit(f"serve: cannot listen on {host}:{port}: {err.strerror} (try --port {port + 1})")
    server.daemon_threads = True
    print(f"Serving {directory} on http://{host}:{server.server_port}/  (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nserve: stopped")
    finally:
        server.server_close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--dir", type=Path, default=WEB_DIR)
    parser.add_argument("--quiet", action="store_true", help="do not log requests")
    args = parser.parse_args(argv)
    serve(args.dir.resolve(), args.host, args.port, args.quiet)


if __name__ == "__main__":
    main()
