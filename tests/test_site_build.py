"""tools/build_site.py (precompressed copies, the service worker's precache list) and tools/serve.py's choice of a copy:
the right Content-Encoding, Vary and cache headers, never a copy older than its file."""

from __future__ import annotations

import gzip
import hashlib
import http.client
import json
import os
import re
from pathlib import Path

import pytest

from tools import build_site
from tools.serve import accepted_encodings, serving
from tools.setup_web import PYODIDE_VERSION, RUNTIME_FILES

ROOT = Path(__file__).resolve().parent.parent

BIG = ("const words = " + json.dumps(["giretra"] * 2000) + ";\n").encode()


@pytest.fixture(autouse=True)
def own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """build_site keeps the vendor files' copies in a cache outside the clone: here, the test's own."""
    cache = tmp_path / "cache"
    monkeypatch.setenv("GIRETRA_CACHE", str(cache))
    return cache


@pytest.fixture
def site(tmp_path: Path) -> Path:
    web = tmp_path / "web"
    (web / "js").mkdir(parents=True)
    (web / "index.html").write_text("<!doctype html><title>t</title>")   # small: no copy
    (web / "js" / "big.js").write_bytes(BIG)
    (web / "wheels" / "abc").mkdir(parents=True)
    (web / "wheels" / "abc" / "g-0.1-py3-none-any.whl").write_bytes(os.urandom(4000))   # incompressible
    (web / "wheels" / "old").mkdir(parents=True)
    (web / "wheels" / "old" / "g-0.0-py3-none-any.whl").write_bytes(b"old")
    (web / "wheel.json").write_text(json.dumps({"file": "wheels/abc/g-0.1-py3-none-any.whl"}))
    vendor = web / "vendor" / "pyodide" / PYODIDE_VERSION
    vendor.mkdir(parents=True)
    for name in RUNTIME_FILES:
        (vendor / name).write_bytes(b"x" * 2000)
    (vendor / "micropip-0.11.1-py3-none-any.whl").write_bytes(b"m")
    (vendor / "vendor-manifest.json").write_text("{}")
    return web


def precache_of(web: Path) -> dict[str, object]:
    text = (web / "sw-precache.js").read_text()
    return dict(json.loads(re.search(r"= (\{.*\});", text, re.S).group(1)))   # type: ignore[union-attr]


def test_copies_are_written_for_what_compresses_and_only_once(site: Path) -> None:
    build_site.build(site, use_brotli=False)
    assert gzip.decompress((site / "js" / "big.js.gz").read_bytes()) == BIG
    assert not (site / "index.html.gz").exists()                        # under 1 KB
    assert not (site / "wheels" / "abc" / "g-0.1-py3-none-any.whl.gz").exists()   # saves nothing
    before = (site / "js" / "big.js.gz").stat().st_mtime_ns
    build_site.build(site, use_brotli=False)
    assert (site / "js" / "big.js.gz").stat().st_mtime_ns == before     # up to date: not written again


def test_a_second_clone_takes_the_pinned_pyodide_copies_from_the_cache_and_never_a_damaged_one(
        site: Path, own_cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    wasm = next(site.glob("vendor/pyodide/*/pyodide.asm.wasm"))
    wasm.write_bytes(BIG)
    build_site.build(site, use_brotli=False)
    compressed: list[int] = []
    real = gzip.compress
    monkeypatch.setattr(build_site.gzip, "compress",
                        lambda data, *a, **k: compressed.append(len(data)) or real(data, *a, **k))
    clone = tmp_path / "clone"
    (clone / "vendor" / "pyodide" / PYODIDE_VERSION).mkdir(parents=True)
    (clone / wasm.relative_to(site)).write_bytes(BIG)
    (clone / "app.js").write_bytes(BIG)   # the project's own files: compressed in each clone
    build_site.precompress(clone, use_brotli=False)
    assert compressed == [len(BIG)]                                   # app.js only; the wasm's copy came from the cache
    assert gzip.decompress((clone / wasm.relative_to(site)).with_suffix(".wasm.gz").read_bytes()) == BIG
    for kept in own_cache.rglob("*.gz"):
        kept.write_bytes(b"damaged")
    third = tmp_path / "third"
    (third / wasm.relative_to(site)).parent.mkdir(parents=True)
    (third / wasm.relative_to(site)).write_bytes(BIG)
    build_site.precompress(third, use_brotli=False)
    assert gzip.decompress((third / wasm.relative_to(site)).with_suffix(".wasm.gz").read_bytes()) == BIG


def test_the_tests_build_gives_pyodide_a_brotli_copy_only_from_the_cache(site: Path, tmp_path: Path) -> None:
    pytest.importorskip("brotli", reason="the dev venv's brotli (pyproject's dev extras)")
    wasm = next(site.glob("vendor/pyodide/*/pyodide.asm.wasm"))
    wasm.write_bytes(BIG)
    build_site.build(site, vendor_brotli=False)
    assert (site / "js" / "big.js.br").is_file()                  # the project's own files: brotli as always
    assert wasm.with_suffix(".wasm.gz").is_file() and not wasm.with_suffix(".wasm.br").exists()
    build_site.build(site)                                         # run's build: made, and kept in the cache
    assert wasm.with_suffix(".wasm.br").is_file()
    clone = tmp_path / "clone"
    (clone / wasm.relative_to(site)).parent.mkdir(parents=True)
    (clone / wasm.relative_to(site)).write_bytes(BIG)
    build_site.precompress(clone, vendor_brotli=False)              # the next clone's tests: taken from the cache
    copy = (clone / wasm.relative_to(site)).with_suffix(".wasm.br")
    assert copy.read_bytes() == wasm.with_suffix(".wasm.br").read_bytes()


def test_a_copy_whose_file_is_gone_is_removed(site: Path) -> None:
    build_site.build(site, use_brotli=False)
    (site / "js" / "big.js").unlink()
    build_site.build(site, use_brotli=False)
    assert not (site / "js" / "big.js.gz").exists()


def test_the_precache_list_names_the_site_with_sha256_and_a_version_of_them(site: Path) -> None:
    version = build_site.build(site, use_brotli=False)
    data = precache_of(site)
    files = data["files"]
    assert isinstance(files, dict)
    assert files["js/big.js"] == hashlib.sha256(BIG).hexdigest()
    assert "wheels/abc/g-0.1-py3-none-any.whl" in files and "wheels/old/g-0.0-py3-none-any.whl" not in files
    assert {f"vendor/pyodide/{PYODIDE_VERSION}/{n}" for n in RUNTIME_FILES} <= set(files)
    assert not [f for f in files if "micropip" in f or "vendor-manifest" in f or f.endswith((".gz", ".br"))]
    assert "sw-precache.js" not in files and data["version"] == version
    assert build_site.build(site, use_brotli=False) == version            # same files, same version
    (site / "js" / "big.js").write_bytes(BIG + b"//\n")
    assert build_site.build(site, use_brotli=False) != version            # one byte changed: a new build


def get(url: str, path: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    host, port = url.split("//")[1].rstrip("/").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=10)
    conn.request("GET", path, headers=headers)
    res = conn.getresponse()
    body = res.read()
    conn.close()
    return res.status, {k.lower(): v for k, v in res.getheaders()}, body


def test_the_server_sends_the_copy_the_browser_accepts_with_its_headers(site: Path) -> None:
    build_site.build(site, use_brotli=False)
    (site / "js" / "big.js.br").write_bytes(b"pretend brotli")
    os.utime(site / "js" / "big.js.br", (os.stat(site / "js" / "big.js.gz").st_mtime,) * 2)
    with serving(site) as url:
        status, headers, body = get(url, "/js/big.js", **{"Accept-Encoding": "gzip, deflate, br"})
        assert (status, headers["content-encoding"], body) == (200, "br", b"pretend brotli")
        assert headers["content-type"].startswith("text/javascript") and headers["vary"] == "Accept-Encoding"
        assert headers["cache-control"] == "no-cache" and int(headers["content-length"]) == len(body)
        status, headers, body = get(url, "/js/big.js", **{"Accept-Encoding": "gzip;q=1, br;q=0"})
        assert headers["content-encoding"] == "gzip" and gzip.decompress(body) == BIG
        status, headers, body = get(url, "/js/big.js")
        assert "content-encoding" not in headers and body == BIG and headers["vary"] == "Accept-Encoding"
        # A conditional request for the copy: 304, as for the file itself.
        status, headers, body = get(url, "/js/big.js", **{"Accept-Encoding": "gzip",
                                                          "If-Modified-Since": headers["last-modified"]})
        assert status == 304 and body == b""
        whl = f"/vendor/pyodide/{PYODIDE_VERSION}/pyodide.asm.wasm"
        status, headers, body = get(url, whl, **{"Accept-Encoding": "gzip"})
        assert headers["content-type"] == "application/wasm" and headers["content-encoding"] == "gzip"
        assert headers["cache-control"] == "public, max-age=31536000, immutable"
        # An edited file is newer than its copies: the file itself, never a stale copy.
        (site / "js" / "big.js").write_bytes(BIG + b"// edited\n")
        os.utime(site / "js" / "big.js", (os.stat(site / "js" / "big.js.gz").st_mtime + 10,) * 2)
        status, headers, body = get(url, "/js/big.js", **{"Accept-Encoding": "gzip, br"})
        assert "content-encoding" not in headers and body.endswith(b"// edited\n")
        status, headers, body = get(url, "/", **{"Accept-Encoding": "gzip"})
        assert status == 200 and body.startswith(b"<!doctype html>")


def test_a_file_rewritten_within_the_same_second_is_never_revalidated_as_unchanged(site: Path) -> None:
    # The offline test's second build: sw-precache.js rewritten within the second it was fetched in was answered 304
    # to the browser's If-Modified-Since (one-second grain), so the new build was never installed.
    build_site.build(site, use_brotli=False)
    listed = site / "sw-list.js"
    listed.write_text("self.LIST = 1;\n")
    with serving(site) as url:
        status, headers, _ = get(url, "/sw-list.js")
        etag, modified = headers["etag"], headers["last-modified"]
        assert status == 200
        assert get(url, "/sw-list.js", **{"If-None-Match": etag})[0] == 304   # unchanged: not sent again
        mtime = os.stat(listed).st_mtime_ns
        listed.write_text("self.LIST = 2;\n")   # the same size, the same second
        os.utime(listed, ns=(mtime + 1000, mtime + 1000))
        status, headers, body = get(url, "/sw-list.js", **{"If-None-Match": etag, "If-Modified-Since": modified})
        assert (status, body) == (200, b"self.LIST = 2;\n") and headers["etag"] != etag
        # The compressed copy of a file has a tag of its own (a cache keeps one answer per encoding).
        status, headers, _ = get(url, "/js/big.js", **{"Accept-Encoding": "gzip"})
        gz_tag = headers["etag"]
        plain_tag = get(url, "/js/big.js")[1]["etag"]
        assert gz_tag != plain_tag and get(url, "/js/big.js", **{"Accept-Encoding": "gzip",
                                                                 "If-None-Match": gz_tag})[0] == 304


def test_accept_encoding_is_read_with_its_weights() -> None:
    assert accepted_encodings("gzip, deflate, br, zstd") == {"gzip", "deflate", "br", "zstd"}
    assert accepted_encodings("br;q=0, gzip;q=0.5") == {"gzip"}
    assert accepted_encodings("") == set()


def test_every_language_of_the_page_is_kept_for_offline(site: Path) -> None:
    # A page loads only its language's words (web/js/i18n.js): the service worker keeps all of them, so a language
    # switch works offline too.
    catalogues = sorted((ROOT / "web" / "js" / "i18n").glob("*.js"))
    assert [c.name for c in catalogues] == ["en.js", "fr.js", "mg.js"]
    (site / "js" / "i18n").mkdir()
    for path in [*catalogues, ROOT / "web" / "js" / "i18n.js"]:
        (site / path.relative_to(ROOT / "web")).write_bytes(path.read_bytes())
    files = set(build_site.precached_files(site))
    assert {"js/i18n.js", "js/i18n/en.js", "js/i18n/fr.js", "js/i18n/mg.js"} <= files


def test_the_pages_name_the_pinned_pyodide() -> None:
    # index.html starts the engine's worker with the page's first bytes (before any script of the page has arrived),
    # so it names the vendored Pyodide itself: the same version as the set-up's pin and the engine's client.
    index = (ROOT / "web" / "index.html").read_text()
    engine = (ROOT / "web" / "js" / "engine.js").read_text()
    assert f"'vendor/pyodide/{PYODIDE_VERSION}/'" in index
    assert f"export const PYODIDE_VERSION = '{PYODIDE_VERSION}';" in engine


def test_index_html_sends_the_worker_the_boot_message_engine_js_sends() -> None:
    # The game page's first worker is booted by index.html's script, every other by engine.js: a field added to one
    # message and not the other would be missing from a first visit's boot (or from a Retry's).
    def keys(text: str) -> set[str]:
        found = re.search(r"postMessage\(\{\s*type: 'boot',(.*?)\}\);", text, re.S)
        assert found, "no boot message"
        return set(re.findall(r"(\w+):", found.group(1)))
    index = keys((ROOT / "web" / "index.html").read_text())
    engine = keys((ROOT / "web" / "js" / "engine.js").read_text())
    assert index == engine == {"pyodideBase", "wheelManifest"}
