"""The seam's JSON shapes: giretra_core/shapes.py is the one module of the page's engine that writes camelCase keys;
every other one hands it engine objects (the command line's own JSON output, offline, is its own)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import build_wheel
from giretra_core import shapes
from giretra_core.modes import Mode

PACKAGE = Path(shapes.__file__).parent
CAMEL = re.compile(r"[a-z]+[A-Z]\w*")
# Not the seam's JSON: the parameters of the deal arithmetic's sentences (scoring's steps, filled in by words).
SENTENCE_PARAMS = {"totalA", "totalD", "arithA", "arithD"}


def _written_keys(path: Path) -> set[str]:
    """The camelCase keys *path* writes: in a dict display, or assigned to a subscript."""
    keys = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Dict):
            keys |= {k.value for k in node.keys if isinstance(k, ast.Constant) and isinstance(k.value, str)}
        elif isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store) \
                and isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, str):
            keys.add(node.slice.value)
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "update":
            keys |= {k.arg for k in node.keywords if k.arg}
    return {k for k in keys if CAMEL.fullmatch(k)} - SENTENCE_PARAMS


def test_only_shapes_writes_the_seams_camelcase() -> None:
    offline = {PACKAGE.parent / rel for rel in build_wheel.OFFLINE_ONLY}
    writers = {path.relative_to(PACKAGE).as_posix(): keys for path in sorted(PACKAGE.rglob("*.py"))
               if path not in offline and (keys := _written_keys(path))}
    assert set(writers) == {"shapes.py"}, writers
    assert {"modeText", "announcerTeam", "toAct", "dealNumber", "instantWin"} <= writers["shapes.py"]


def test_a_mode_is_written_with_its_words() -> None:
    assert shapes.mode(Mode.ALL_TRUMPS, "mg") == {"mode": "AllTrumps", "modeText": "Tout A"}
