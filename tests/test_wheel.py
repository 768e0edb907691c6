"""The browser's wheel (build_wheel.py) holds exactly the modules the page can import: those reachable by imports
from ``giretra_core.jsonapi``, the worker's one entry point — no research, no command-line tool."""

from __future__ import annotations

import ast
import builtins
import json
import zipfile
from pathlib import Path

import pytest

import build_wheel

ROOT = Path(__file__).resolve().parent.parent
PAGE_ENTRY = "giretra_core.jsonapi"   # what web/js/worker.js imports (and giretra_core, for its version)


def _file(module: str) -> Path | None:
    """The source file of *module* if it is one of the package's, else None."""
    base = ROOT.joinpath(*module.split("."))
    for path in (base / "__init__.py", base.with_suffix(".py")):
        if path.is_file():
            return path
    return None


def _with_parents(module: str) -> list[str]:
    """Importing a.b.c imports a and a.b first."""
    parts = module.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts) + 1)]


def reachable(entry: str) -> set[str]:
    """Every module of the package that importing *entry* can import, at its top or inside a function."""
    found: set[str] = set()
    todo = _with_parents(entry)
    while todo:
        module = todo.pop()
        path = _file(module)
        if module in found or path is None:
            continue
        found.add(module)
        package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                    base = f"{anchor}.{base}" if base else anchor
                # `from x import y` imports x, and y too when y is a module of x.
                names = [base, *(f"{base}.{alias.name}" for alias in node.names)]
            else:
                continue
            todo += [m for name in names if _file(name) is not None for m in _with_parents(name)]
    return found


def test_the_import_walk_follows_relative_and_late_imports() -> None:
    # The walk itself: the bots package imports its levels relatively, the arena the oracle inside a function.
    assert {"giretra_core.bots.expert", "giretra_core.bots.solver"} <= reachable("giretra_core.bots")
    assert "giretra_core.bots.oracle" in reachable("giretra_core.arena")
    assert "giretra_core.arena" not in reachable(PAGE_ENTRY)


def test_the_browser_wheel_holds_only_what_the_page_imports(tmp_path: Path) -> None:
    build_wheel.main(["--force", "--web", str(tmp_path)])
    wheel = tmp_path / json.loads((tmp_path / "wheel.json").read_text())["file"]
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
    modules = {name.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
               for name in names if name.endswith(".py")}
    # The study's modules are reachable (imported inside the functions that use them) but in a zip of their own,
    # which the worker unpacks when a call first needs them.
    study = {rel.removesuffix(".py").replace("/", ".") for rel in build_wheel.STUDY_MODULES}
    from giretra_core import jsonapi
    assert study == {f"giretra_core.{name}" for name in jsonapi.STUDY_MODULES}   # what the seam says may be missing
    assert study <= reachable(PAGE_ENTRY)
    assert modules == reachable(PAGE_ENTRY) - study
    with zipfile.ZipFile(tmp_path / json.loads((tmp_path / "wheel.json").read_text())["study"]) as zf:
        assert sorted(zf.namelist()) == sorted(build_wheel.STUDY_MODULES)
    assert not any(name.endswith("entry_points.txt") for name in names)   # no script pointing at a missing module
    # The package's data (the words' catalogues, the lessons' content), which the page reads beside its modules.
    data = {path.relative_to(ROOT).as_posix() for path in (ROOT / "giretra_core").rglob("*.json")}
    assert data and data <= set(names), data - set(names)


def test_the_package_data_is_read_when_the_engine_is_imported(monkeypatch: pytest.MonkeyPatch) -> None:
    # The page's worker boots from a memory snapshot of the engine once imported: it holds what the import read, not
    # the files of site-packages. The lessons' content, read on the first lesson's request, was missing there.
    from giretra_core import jsonapi
    from giretra_core.lessons import content

    def no_file(*args: object, **kwargs: object) -> None:
        raise AssertionError(f"a file read after the import: {args}")

    content.all_lessons.cache_clear()
    monkeypatch.setattr(Path, "read_text", no_file)
    monkeypatch.setattr(Path, "read_bytes", no_file)
    monkeypatch.setattr(builtins, "open", no_file)
    for name, request in (("lessons", {"lang": "mg"}), ("lesson_task", {"lesson": "deal-cut", "lang": "fr"}),
                          ("check_answer", {"lesson": "deal-cut", "index": 0, "answer": "Bottom"}),
                          ("score", {"mode": "AllTrumps", "cardPoints": {"Team1": 150}, "lang": "fr"})):
        assert json.loads(jsonapi.call(name, json.dumps(request)))["ok"], name
