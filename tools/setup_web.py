#!/usr/bin/env python3
"""Vendor the pinned Pyodide runtime and micropip into web/vendor/pyodide/<version>/.

The npm package ``pyodide`` carries the runtime but no wheels, not even micropip's, so micropip comes from
PyPI and its lock-file entry is rewritten to match the PyPI wheel (the Pyodide build has another sha256).

Idempotent and fast when already done: a manifest of sha256 sums is written last and checked first.
Standard library only; needs ``npm`` on PATH and network access to npm and PyPI the first time.

    python3 tools/setup_web.py            # vendor if missing or damaged
    python3 tools/setup_web.py --force    # vendor again from scratch
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import urllib.request
from pathlib import Path

PYODIDE_VERSION = "0.29.5"
# npm's own integrity string for pyodide-0.29.5.tgz (``npm view pyodide@0.29.5 dist.integrity``).
PYODIDE_TGZ_INTEGRITY = (
    "sha512-TkYrUv9m8QmfImADKRmpwZulL48E0uUaBSO+dvRQKyAJc0qh9gu7jn8btyHPh3NZm1r2IH2YrJhIr7Q2B9urAw=="
)
# The files Pyodide fetches while booting (loadPyodide) -- nothing else from the npm package is served.
RUNTIME_FILES = (
    "pyodide.mjs",  # the ES module the worker imports
    "pyodide.asm.js",  # Emscripten glue, imported by pyodide.mjs
    "pyodide.asm.wasm",  # the interpreter
    "python_stdlib.zip",  # the standard library
    "pyodide-lock.json",  # package index; the micropip entry is rewritten below
)
# sha256 of micropip's wheel on PyPI, for each micropip version a pinned Pyodide's lock file may name.
MICROPIP_PYPI_SHA256 = {
    "0.11.1": "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3",
}
MANIFEST = "vendor-manifest.json"

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DEST = ROOT / "web" / "vendor" / "pyodide" / PYODIDE_VERSION


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def shown(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def manifest_ok(dest: Path) -> bool:
    """True when every file listed in the manifest is present with the recorded sha256."""
    try:
        manifest = json.loads((dest / MANIFEST).read_text())
    except (OSError, ValueError):
        return False
    if manifest.get("pyodide") != PYODIDE_VERSION:
        return False
    files: dict[str, str] = manifest.get("files", {})
    return bool(files) and all(
        (dest / name).is_file() and sha256_file(dest / name) == digest for name, digest in files.items()
    )


def run(cmd: list[str], cwd: Path | None = None) -> str:
    print("  $", " ".join(cmd), flush=True)
    try:
        proc = subprocess.run(cmd, cwd=cwd, check=True, capture_output=True, text=True)
    except FileNotFoundError:
        sys.exit(f"setup_web: {cmd[0]!r} not found; install Node.js/npm (for {cmd[0]}) and retry")
    except subprocess.CalledProcessError as err:
        sys.exit(f"setup_web: command failed ({err.returncode}): {' '.join(cmd)}\n{err.stdout}\n{err.stderr}")
    return proc.stdout


def npm_pack(tmp: Path) -> Path:
    """Fetch pyodide@<version>.tgz from the npm registry and check npm's integrity string."""
    npm = shutil.which("npm") or "npm"
    run([npm, "pack", f"pyodide@{PYODIDE_VERSION}", "--silent", "--pack-destination", str(tmp)], cwd=tmp)
    tgz = tmp / f"pyodide-{PYODIDE_VERSION}.tgz"
    algo, _, expected = PYODIDE_TGZ_INTEGRITY.partition("-")
    actual = base64.b64encode(hashlib.new(algo, tgz.read_bytes()).digest()).decode()
    if actual != expected:
        sys.exit(f"setup_web: {tgz.name} integrity mismatch: got {algo}-{actual}, "
                 f"expected {PYODIDE_TGZ_INTEGRITY}")
    print(f"  verified {tgz.name} ({tgz.stat().st_size:,} bytes) against npm integrity {algo}")
    return tgz


def extract_runtime(tgz: Path, dest: Path) -> None:
    with tarfile.open(tgz) as tar:
        for name in RUNTIME_FILES:
            member = tar.getmember(f"package/{name}")
            src = tar.extractfile(member)
            assert src is not None, name
            with src, (dest / name).open("wb") as out:
                shutil.copyfileobj(src, out)
            print(f"  copied {name} ({member.size:,} bytes)")


def download_from_pypi(name: str, version: str, tmp: Path) -> None:
    """Without pip (e.g. Debian's python3 alone): find the wheel in PyPI's simple index, fetch it with urllib."""
    print(f"  pip is not available to {sys.executable}: fetching {name} {version} from PyPI's simple index")
    with urllib.request.urlopen(f"https://pypi.org/simple/{name}/", timeout=60) as res:
        page = res.read().decode()
    filename = f"{name}-{version}-py3-none-any.whl"
    links = [u for u in re.findall(r'href="([^"#]+)', page) if u.endswith("/" + filename)]
    if not links:
        sys.exit(f"setup_web: {filename} not found on https://pypi.org/simple/{name}/")
    with urllib.request.urlopen(links[0], timeout=60) as res, (tmp / filename).open("wb") as out:
        shutil.copyfileobj(res, out)


def vendor_micropip(dest: Path, tmp: Path) -> str:
    """Download the micropip wheel the lock file names from PyPI and point the lock entry at it."""
    lock_path = dest / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    entry = lock["packages"]["micropip"]
    version = entry["version"]
    expected = MICROPIP_PYPI_SHA256.get(version)
    if expected is None:
        sys.exit(f"setup_web: no pinned PyPI sha256 for micropip {version!r}; add it to MICROPIP_PYPI_SHA256")
    if subprocess.run([sys.executable, "-m", "pip", "--version"], capture_output=True).returncode == 0:
        run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
             "--python-version", "3.13", "--dest", str(tmp), f"micropip=={version}"]
        )
    else:
        download_from_pypi("micropip", version, tmp)
    wheels = sorted(tmp.glob(f"micropip-{version}-*.whl"))
    if len(wheels) != 1:
        found = [w.name for w in wheels]
        sys.exit(f"setup_web: expected one micropip {version} wheel from pip, found {found}")
    digest = sha256_file(wheels[0])
    if digest != expected:
        sys.exit(f"setup_web: {wheels[0].name} sha256 {digest} does not match the pinned {expected}")
    shutil.copyfile(wheels[0], dest / wheels[0].name)
    print(f"  verified {wheels[0].name} from PyPI (sha256 {digest[:12]}...)")
    if entry["sha256"] != digest or entry["file_name"] != wheels[0].name:
        print(f"  lock entry micropip: sha256 {entry['sha256'][:12]}... -> {digest[:12]}... "
              f"(file_name {wheels[0].name})")
        entry["sha256"], entry["file_name"] = digest, wheels[0].name
        lock_path.write_text(json.dumps(lock, separators=(",", ":")))
    return wheels[0].name


def setup(dest: Path, force: bool) -> None:
    started = time.perf_counter()
    if not force and manifest_ok(dest):
        print(f"setup_web: Pyodide {PYODIDE_VERSION} + micropip already vendored in {shown(dest)} "
              f"(verified, {time.perf_counter() - started:.2f}s)")
        return
    print(f"setup_web: vendoring Pyodide {PYODIDE_VERSION} (npm) and micropip (PyPI) into {shown(dest)}")
    if dest.exists():
        shutil.rmtree(dest)
    dest.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{dest.name}-", dir=dest.parent))
    staging.chmod(0o755)  # mkdtemp makes it private; a static host must be able to read it
    try:
        with tempfile.TemporaryDirectory() as tmp_name:
            tmp = Path(tmp_name)
            extract_runtime(npm_pack(tmp), staging)
            micropip = vendor_micropip(staging, tmp)
        files = {name: sha256_file(staging / name) for name in (*RUNTIME_FILES, micropip)}
        manifest = {"pyodide": PYODIDE_VERSION, "files": files}
        (staging / MANIFEST).write_text(json.dumps(manifest, indent=2) + "\n")
        staging.rename(dest)  # appears complete or not at all
    finally:
        if staging.exists():
            shutil.rmtree(staging)
    print(f"setup_web: done in {time.perf_counter() - started:.1f}s")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--force", action="store_true", help="vendor again even if the manifest checks out")
    parser.add_argument("--dest", type=Path, default=DEFAULT_DEST, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    setup(args.dest.resolve(), args.force)


if __name__ == "__main__":
    main()
