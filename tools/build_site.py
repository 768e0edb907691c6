#!/usr/bin/env python3
"""Finish web/ for serving: precompressed copies of the large files, and the service worker's precache list.

    python3 tools/build_site.py [--web web] [--no-brotli]

Run after tools/setup_web.py and build_wheel.py (``tools/dev.py run`` and ``test`` do). Idempotent: a copy is
written again only when its source is newer, so a second run takes a fraction of a second.

* ``<file>.gz`` (gzip -9, standard library) next to every compressible file of at least 1 KB, and ``<file>.br``
  (brotli quality 11) when the ``brotli`` package is importable (a pinned dev dependency: ``.venv`` has it; the
  plain ``python3`` of ``tools/dev.py run`` without a venv may not, and the site is then served gzip only). A copy
  that saves less than 10 % is not kept (the wheel and ``python_stdlib.zip`` are zip files already). tools/serve.py
  serves a copy only when it is at least as new as its source, so an edited file is never shadowed by a stale one.
* ``sw-precache.js``: the files the service worker (``sw.js``) keeps for offline use, each with its sha256, and
  a version derived from all of them (docs/web.md, "Offline").
"""

from __future__ import annotations

import argparse
import concurrent.futures
import gzip
import hashlib
import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
WEB_DIR = ROOT / "web"
COMPRESSIBLE = {".html", ".js", ".mjs", ".css", ".json", ".wasm", ".svg", ".webmanifest", ".txt", ".zip", ".whl"}
MIN_SIZE = 1024
MAX_RATIO = 0.9   # keep a copy only if it is at most 90 % of its source
ENCODINGS = (".br", ".gz")
PRECACHE = "sw-precache.js"
# Never precached: the service worker and its list themselves (the browser keeps them), the compressed copies (the
# browser stores what it decoded), and what only the tools use.
NOT_PRECACHED = {"sw.js", PRECACHE}
NOT_PRECACHED_SUFFIXES = (*ENCODINGS, ".skip", ".tmp")
# The bot lab is loaded when a person opens it, never with the game: its page, scripts and style.
NOT_PRECACHED_PREFIXES = ("lab.html", "js/lab/", "css/lab.css")


def load_brotli() -> ModuleType | None:
    """The brotli package: the dev venv's, else the one ``tools/dev.py run`` fetched into .build-tools, else none."""
    tools = str(ROOT / ".build-tools")
    if (ROOT / ".build-tools").is_dir() and tools not in sys.path:
        sys.path.append(tools)
    try:
        import brotli  # type: ignore[import-not-found,import-untyped,unused-ignore]  # optional, build time only
    except ImportError:
        return None
    return brotli  # type: ignore[no-any-return,unused-ignore]


def sources(web: Path) -> list[Path]:
    """The files a copy is made of: compressible, large enough, not a copy themselves."""
    return sorted(
        p for p in web.rglob("*")
        if p.is_file() and p.suffix in COMPRESSIBLE and p.stat().st_size >= MIN_SIZE and not p.name.startswith(".")
    )


def fresh(copy: Path, source: Path) -> bool:
    return copy.is_file() and copy.stat().st_mtime >= source.stat().st_mtime


# The pinned Pyodide files (vendor/) are the same bytes in every clone, and brotli 11 of pyodide.asm.wasm alone costs
# about 37 CPU-s: their copies are kept in a cache outside the clone, by the sha256 of the source, as pip and npm keep
# their downloads (GIRETRA_CACHE, else ~/.cache/giretra). A cache that cannot be read or written is only skipped.
CACHED_UNDER = "vendor"
QUALITY = {".br": 11, ".gz": 9}   # in the cache's names: a copy made at another quality is not taken for this one


def cache_dir() -> Path:
    return Path(os.environ.get("GIRETRA_CACHE") or Path.home() / ".cache" / "giretra") / "compressed"


def reuse(suffix: str, data: bytes, compress: Callable[[bytes], bytes] | None, cached: bool) -> bytes | None:
    """*data* compressed by *compress*, from the cache when *cached* (a pinned vendor file) and compressed before. A
    cached copy is used only if it decodes to *data* (a damaged cache never reaches the site). No *compress*: the
    cache's copy or None."""
    if not cached:
        assert compress is not None
        return compress(data)
    kept = cache_dir() / f"{hashlib.sha256(data).hexdigest()}-{QUALITY[suffix]}{suffix}"
    try:
        packed = kept.read_bytes()
        if decode(suffix, packed) == data:
            return packed
    except Exception:   # noqa: BLE001  (absent, unreadable or not a valid stream: compressed again below)
        pass
    if compress is None:
        return None
    packed = compress(data)
    try:
        kept.parent.mkdir(parents=True, exist_ok=True)
        tmp = kept.with_name(f"{kept.name}.{os.getpid()}.tmp")
        tmp.write_bytes(packed)
        tmp.replace(kept)
    except OSError:
        pass
    return packed


def decode(suffix: str, packed: bytes) -> bytes:
    if suffix == ".gz":
        return gzip.decompress(packed)
    brotli = load_brotli()
    return brotli.decompress(packed) if brotli is not None else b""


def write_copy(source: Path, suffix: str, compress: Callable[[bytes], bytes] | None,
               cached: bool = False) -> tuple[str, int] | None:
    """Write *source* + *suffix* with *compress* unless an up-to-date one exists; (state, size) or None if useless
    (or, with no *compress*, not in the cache). A marker file ``.<name><suffix>.skip`` remembers that a copy was not
    worth keeping."""
    copy = source.with_name(source.name + suffix)
    skip = source.with_name(f".{source.name}{suffix}.skip")
    if fresh(copy, source):
        return ("kept", copy.stat().st_size)
    if fresh(skip, source):
        return None
    data = source.read_bytes()
    packed = reuse(suffix, data, compress, cached)
    if packed is None:
        return None
    if len(packed) > MAX_RATIO * len(data):
        copy.unlink(missing_ok=True)
        skip.write_text("")
        return None
    tmp = copy.with_name(copy.name + ".tmp")
    tmp.write_bytes(packed)
    tmp.replace(copy)   # never a half-written copy
    skip.unlink(missing_ok=True)
    return ("wrote", len(packed))


def precompress(web: Path, use_brotli: bool = True, vendor_brotli: bool = True) -> None:
    """The .gz and .br copies of *web*'s files. Without *vendor_brotli*, the pinned vendor files get a brotli copy
    only from the cache: the browser tests read them as well through gzip, and brotli 11 of them is 37 CPU-s of a
    fresh clone's set-up (``tools/dev.py test``; ``run`` makes them)."""
    started = time.perf_counter()
    brotli = load_brotli() if use_brotli else None
    coders: dict[str, Callable[[bytes], bytes]] = {".gz": lambda data: gzip.compress(data, QUALITY[".gz"], mtime=0)}
    if brotli is not None:
        coders[".br"] = lambda data: brotli.compress(data, quality=QUALITY[".br"])
    wanted: set[Path] = set()
    written = 0
    # One thread per core, the largest file first: brotli and zlib release the GIL, and brotli 11 of the 8.6 MB
    # pyodide.asm.wasm alone takes most of a fresh build (about 25 s quiet, unless cached: reuse()), so the rest is
    # done beside it.
    largest_first = sorted(sources(web), key=lambda p: -p.stat().st_size)
    jobs: list[tuple[Path, str, Callable[[bytes], bytes] | None, bool]] = []
    for source in largest_first:
        cached = CACHED_UNDER in source.relative_to(web).parts
        for suffix, coder in coders.items():
            jobs.append((source, suffix, None if cached and suffix == ".br" and not vendor_brotli else coder, cached))
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        results = pool.map(lambda job: write_copy(*job), jobs)
        for (source, suffix, _, _), result in zip(jobs, results, strict=True):
            if result is None:
                continue
            wanted.add(source.with_name(source.name + suffix))
            if result[0] == "wrote":
                written += 1
                print(f"  {source.relative_to(web)}{suffix}: {source.stat().st_size:,} -> {result[1]:,} bytes",
                      flush=True)
    # Copies whose source is gone (an old wheel, a renamed module), or of an encoding no longer built.
    for copy in [p for suffix in ENCODINGS for p in web.rglob("*" + suffix)]:
        if copy not in wanted and (copy.suffix != ".br" or brotli is not None or not copy.with_suffix("").exists()):
            copy.unlink()
    note = "" if brotli is not None else " (gzip only: the brotli package is not installed here)"
    print(f"build_site: {written} compressed copies written{note} in {time.perf_counter() - started:.1f}s")


def precached_files(web: Path) -> list[str]:
    """The site's files for the service worker: the pages, js/, css/, the icons and the manifest; of vendor/, the
    runtime files Pyodide boots from (setup_web.RUNTIME_FILES); of wheels/, the wheel wheel.json names and its
    study zip."""
    from setup_web import PYODIDE_VERSION, RUNTIME_FILES  # type: ignore[import-not-found,unused-ignore]

    manifest = json.loads((web / "wheel.json").read_text())
    wheel = manifest["file"]
    study = manifest.get("study")   # the study's modules, unpacked at their first call: offline too
    runtime = {f"vendor/pyodide/{PYODIDE_VERSION}/{name}" for name in RUNTIME_FILES}
    files = []
    found = (Path(top) / name for top, _, names in os.walk(web, followlinks=True) for name in names)
    for path in sorted(found):
        rel = path.relative_to(web).as_posix()
        if (not path.is_file() or path.name.startswith(".") or rel in NOT_PRECACHED
                or rel.endswith(NOT_PRECACHED_SUFFIXES) or rel.startswith(NOT_PRECACHED_PREFIXES)):
            continue
        if rel.startswith("vendor/") and rel not in runtime:
            continue   # micropip (the benchmark's bare page) and setup_web's manifest
        if rel.startswith("wheels/") and rel not in (wheel, study):
            continue
        files.append(rel)
    missing = sorted(runtime - set(files)) + ([] if wheel in files else [wheel])
    if missing:
        sys.exit(f"build_site: {', '.join(missing)} missing; run python3 tools/setup_web.py && python3 build_wheel.py")
    return files


def write_precache(web: Path) -> str:
    """Write web/sw-precache.js (only if it changed: the browser installs a new service worker when it does)."""
    from setup_web import sha256_file  # type: ignore[import-not-found,unused-ignore]

    files = {rel: sha256_file(web / rel) for rel in precached_files(web)}
    version = hashlib.sha256("".join(f"{rel}\0{sha}\n" for rel, sha in files.items()).encode()).hexdigest()[:16]
    text = ("// Written by tools/build_site.py: the files sw.js keeps for offline use, by sha256. Do not edit.\n"
            f"self.GIRETRA_PRECACHE = {json.dumps({'version': version, 'files': files}, indent=1)};\n")
    target = web / PRECACHE
    if not target.is_file() or target.read_text() != text:
        tmp = target.with_name(target.name + ".tmp")
        tmp.write_text(text)
        tmp.replace(target)
        print(f"build_site: {PRECACHE} version {version} ({len(files)} files, "
              f"{sum((web / rel).stat().st_size for rel in files):,} bytes)")
    return version


def build(web: Path, use_brotli: bool = True, vendor_brotli: bool = True) -> str:
    version = write_precache(web)
    precompress(web, use_brotli, vendor_brotli)
    return version


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--web", type=Path, default=WEB_DIR)
    parser.add_argument("--no-brotli", action="store_true", help="write gzip copies only")
    parser.add_argument("--no-vendor-brotli", action="store_true",
                        help="brotli copies of the pinned vendor files only from the cache (the tests' build)")
    args = parser.parse_args(argv)
    web = args.web.resolve()
    if not (web / "wheel.json").is_file():
        sys.exit("build_site: web/wheel.json missing; run python3 tools/setup_web.py && python3 build_wheel.py")
    build(web, use_brotli=not args.no_brotli, vendor_brotli=not args.no_vendor_brotli)


if __name__ == "__main__":
    main()
