#!/usr/bin/env python3
"""Build the giretra_core wheel into web/ for the browser, and write web/wheel.json.

    python3 build_wheel.py          # skips the build when the sources have not changed
    python3 build_wheel.py --force

The wheel lands in ``web/wheels/<first 12 hex of its sha256>/<PEP 427 name>.whl``: the hash in the *folder*
busts browser caches while the file name stays what micropip requires. Older wheels are deleted.
``web/wheel.json`` = {"file", "version", "sha256", "source"} is what the page's worker reads first.

Front end: ``python -m build --wheel``. With ``--no-isolation`` when the running Python already has the
build requirements (the dev venv made by ``tools/dev.py`` has them): about a second instead of several,
since an isolated build creates a fresh environment and installs setuptools from PyPI every time. Without
``build`` installed it falls back to ``pip wheel`` (pip does the same PEP 517 isolated build), saying so.
The build is reproducible (SOURCE_DATE_EPOCH), so the hash only changes when the contents do.

The browser's wheel holds only what the page imports: :data:`OFFLINE_ONLY`, the package's command-line modules and
what only they use, are left out of the copy it is built from (a ``pip install .`` keeps them), and so is the
``giretra`` script's entry point. tests/test_wheel.py checks that its modules are exactly those reachable by imports
from ``giretra_core.jsonapi``.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.metadata
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
# Files outside the package that end up in the wheel's metadata.
PROJECT_FILES = ("pyproject.toml", "README.md", "setup.cfg", "setup.py", "MANIFEST.in", "LICENSE")
# The package's modules that the page never imports: the command-line tools (`python -m giretra_core`, the arena, the
# benchmark) and what only they and bot authors use (the oracle, the arena's yardstick; bots of one's own; the random
# play-outs). In a normal install, not in the browser's wheel.
OFFLINE_ONLY = ("giretra_core/__main__.py", "giretra_core/arena.py", "giretra_core/bench.py",
                "giretra_core/bots/oracle.py", "giretra_core/bots/own.py", "giretra_core/playout.py",
                "giretra_core/protocol.py", "giretra_core/remote.py", "giretra_core/botserver.py",
                "giretra_core/lab.py", "giretra_core/partner.py")
# What the bot lab's worker (web/js/lab/worker.js) adds to the game's wheel: its seam and the arena with what the
# arena imports. A zip of its own (web/wheels/<hash>/lab-<hash>.zip, named by wheel.json's "lab"), so the game page
# never downloads it.
LAB_MODULES = ("giretra_core/lab.py", "giretra_core/arena.py", "giretra_core/bots/own.py", "giretra_core/remote.py",
               "giretra_core/protocol.py", "giretra_core/partner.py")
# The study's modules (the solo duplicate, the deal of the day and the puzzles): left out of the wheel, in a zip of
# their own (wheel.json's "study") that the game's worker unpacks when a call answers that it needs them
# (web/js/worker.js): the first visit's bytes stay under 5 MB. jsonapi imports them inside the functions that use them.
STUDY_MODULES = ("giretra_core/daily.py", "giretra_core/duplicate.py")   # = jsonapi.STUDY_MODULES (tests/test_wheel.py)


def source_digest(project: Path, package_dirs: list[str]) -> str:
    """sha256 over every input of the build, to skip rebuilding an unchanged tree."""
    digest = hashlib.sha256("\0".join(OFFLINE_ONLY).encode() + b"\0")   # a change of the list is a change of the wheel
    paths = [project / name for name in PROJECT_FILES if (project / name).is_file()]
    for pkg in package_dirs:
        paths += sorted(
            p for p in (project / pkg).rglob("*")
            if p.is_file() and "__pycache__" not in p.parts and p.suffix not in (".pyc", ".pyo")
        )
    for path in paths:
        digest.update(str(path.relative_to(project)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def has_build_requirements(requires: list[str]) -> bool:
    """True if every build-system requirement is installed here, in a matching version."""
    from packaging.requirements import Requirement  # a dependency of build, only called when it is there

    for text in requires:
        req = Requirement(text)
        try:
            version = importlib.metadata.version(req.name)
        except importlib.metadata.PackageNotFoundError:
            return False
        if not req.specifier.contains(version, prereleases=True):
            return False
    return True


def strip_offline(src: Path) -> None:
    """Remove :data:`OFFLINE_ONLY`, :data:`STUDY_MODULES` and the console script from the copy of the sources in
    *src*."""
    for rel in STUDY_MODULES:
        (src / rel).unlink()
    for rel in OFFLINE_ONLY:
        if not (src / rel).is_file():   # renamed or moved: the list must follow, or the module would ship
            sys.exit(f"build_wheel: OFFLINE_ONLY names {rel}, which is not in the source tree")
        (src / rel).unlink()
    # Its target, __main__, is gone; micropip would install no script anyway.
    pyproject = src / "pyproject.toml"
    pyproject.write_text(re.sub(r"^\[project\.scripts\]\n(?:[^\[\n].*\n|\n)*", "", pyproject.read_text(),
                                flags=re.MULTILINE))


def check_complete(wheel: Path, src: Path, packages: list[str]) -> None:
    """Refuse a wheel that lacks a module of the source tree it was built from (e.g. a subpackage missing from
    pyproject), or holds a module of :data:`OFFLINE_ONLY`."""
    with zipfile.ZipFile(wheel) as zf:
        inside = set(zf.namelist())
    offline = sorted(inside & set(OFFLINE_ONLY))
    if offline:
        sys.exit(f"build_wheel: {wheel.name} holds modules the page never imports: {', '.join(offline)}")
    wanted = {p.relative_to(src).as_posix() for pkg in packages for p in (src / pkg).rglob("*.py")}
    missing = sorted(wanted - inside)
    if missing:
        sys.exit(f"build_wheel: {wheel.name} lacks {len(missing)} module(s) of the source tree: "
                 f"{', '.join(missing[:8])}{' ...' if len(missing) > 8 else ''}\n"
                 "  list every subpackage in pyproject.toml [tool.setuptools] packages "
                 "(or use [tool.setuptools.packages.find]); the browser would fail to import them")


def stored(wheel: Path) -> None:
    """Rewrite *wheel* with its entries stored, not deflated, as they were (names, order, dates, modes): the site
    serves it brotli-compressed (tools/build_site.py), and brotli over the whole archive sends 97.6 KB where the
    deflated wheel sent 141 KB (2026-11-29), on a first visit's 5 MB. A stored zip is still a valid wheel."""
    with zipfile.ZipFile(wheel) as zf:
        entries = [(info, zf.read(info)) for info in zf.infolist()]
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_STORED) as zf:
        for info, data in entries:
            info.compress_type = zipfile.ZIP_STORED
            zf.writestr(info, data)


def run_build(project: Path, out: Path, requires: list[str]) -> None:
    env = {**os.environ, "SOURCE_DATE_EPOCH": os.environ.get("SOURCE_DATE_EPOCH", "315532800")}
    if importlib.util.find_spec("build") is not None:
        cmd = [sys.executable, "-m", "build", "--wheel", "--outdir", str(out)]
        if has_build_requirements(requires):
            cmd.append("--no-isolation")
        else:
            print("build_wheel: build requirements not installed here; isolated build (needs PyPI, slower)")
    else:
        print("build_wheel: the 'build' package is not installed (pip install build); "
              "falling back to 'pip wheel'")
        cmd = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "--wheel-dir", str(out)]
    cmd.append(str(project))
    print("  $", " ".join(cmd), flush=True)
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit(f"build_wheel: the build failed ({proc.returncode}):\n"
                 f"{proc.stdout[-4000:]}\n{proc.stderr[-4000:]}")


def write_lab_zip(project: Path, folder: Path, name: str = "lab", modules: tuple[str, ...] = ()) -> str:
    """The bot lab's modules (:data:`LAB_MODULES`), or *name*'s *modules*, as a zip beside the wheel, reproducible;
    its path from web/."""
    with tempfile.TemporaryDirectory() as tmp:
        made = Path(tmp) / f"{name}.zip"
        with zipfile.ZipFile(made, "w", zipfile.ZIP_STORED) as zf:   # stored: served brotli-compressed, as the wheel
            for rel in modules or LAB_MODULES:
                info = zipfile.ZipInfo(rel, date_time=(1980, 1, 1, 0, 0, 0))
                info.compress_type = zipfile.ZIP_STORED
                info.external_attr = 0o644 << 16
                zf.writestr(info, (project / rel).read_bytes())
        data = made.read_bytes()
    target = folder / f"{name}-{hashlib.sha256(data).hexdigest()[:12]}.zip"
    for stale in folder.glob(f"{name}-*.zip"):
        stale.unlink()
    target.write_bytes(data)
    return target.relative_to(folder.parent.parent).as_posix()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--force", action="store_true", help="build even if the sources are unchanged")
    parser.add_argument("--project", type=Path, default=ROOT, help="project directory (default: this one)")
    parser.add_argument("--web", type=Path, default=ROOT / "web", help="site directory (default: web/)")
    args = parser.parse_args(argv)
    project, web = args.project.resolve(), args.web.resolve()
    started = time.perf_counter()

    pyproject = tomllib.loads((project / "pyproject.toml").read_text())
    packages = pyproject.get("tool", {}).get("setuptools", {}).get("packages", ["giretra_core"])
    packages = sorted({pkg.split(".")[0] for pkg in packages})  # top-level directories; subpackages inside
    requires = pyproject.get("build-system", {}).get("requires", [])
    source = source_digest(project, packages)
    manifest_path = web / "wheel.json"
    try:
        old = json.loads(manifest_path.read_text())
    except (OSError, ValueError):
        old = {}
    if not args.force and old.get("source") == source and (web / old.get("file", "-")).is_file():
        print(f"build_wheel: {old['file']} is up to date ({time.perf_counter() - started:.2f}s)")
        return

    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        # Build from a clean copy: setuptools leaves build/ and *.egg-info/ behind, and a stale build/lib
        # can smuggle deleted modules into the next wheel.
        src = tmp / "src"
        for name in PROJECT_FILES:
            if (project / name).is_file():
                (src / name).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(project / name, src / name)
        for pkg in packages:
            ignore = shutil.ignore_patterns("__pycache__", "*.py[co]")
            shutil.copytree(project / pkg, src / pkg, ignore=ignore)
        strip_offline(src)
        run_build(src, tmp / "dist", requires)
        built = sorted((tmp / "dist").glob("*.whl"))
        if len(built) != 1:
            sys.exit(f"build_wheel: expected one wheel, got {[w.name for w in built]}")
        wheel = built[0]
        check_complete(wheel, src, packages)
        stored(wheel)
        sha256 = hashlib.sha256(wheel.read_bytes()).hexdigest()
        version = wheel.name.split("-")[1]
        wheels = web / "wheels"
        target = wheels / sha256[:12] / wheel.name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(wheel, target)

    for stale in [*(p for p in wheels.iterdir() if p != target.parent), *web.glob("*.whl")]:
        shutil.rmtree(stale) if stale.is_dir() else stale.unlink()
        print(f"  removed stale {stale.relative_to(web)}")
    rel = target.relative_to(web).as_posix()
    lab = write_lab_zip(project, target.parent)
    study = write_lab_zip(project, target.parent, "study", STUDY_MODULES)
    manifest = {"file": rel, "version": version, "sha256": sha256, "source": source, "lab": lab, "study": study}
    tmp_manifest = manifest_path.with_suffix(".json.tmp")
    tmp_manifest.write_text(json.dumps(manifest, indent=2) + "\n")
    tmp_manifest.replace(manifest_path)  # the page never sees a half-written manifest
    with zipfile.ZipFile(target) as zf:
        modules = sum(name.endswith(".py") for name in zf.namelist())
    print(f"build_wheel: wrote web/{rel} ({target.stat().st_size:,} bytes, {modules} modules, "
          f"{len(OFFLINE_ONLY)} offline ones left out; sha256 {sha256[:12]}...) "
          f"and web/wheel.json in {time.perf_counter() - started:.1f}s")


if __name__ == "__main__":
    main()
