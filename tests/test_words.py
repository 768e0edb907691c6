"""The words: one catalogue per language with the same names, keys and placeholders; the refusal codes in one list
(errors.RULE_OF) that the rules raise, the words word and the seam tells; no rules module imports the words."""

from __future__ import annotations

import ast
import dataclasses
import json
import re
import string
from html.parser import HTMLParser
from pathlib import Path

import pytest

from giretra_core import jsonapi, words
from giretra_core.errors import RULE_OF
from giretra_core.words import Catalogue, en

PACKAGE = Path(words.__file__).parent.parent
# The modules of the rules: they raise codes with parameters and never import a translation.
RULES_MODULES = ("cards", "modes", "seats", "rules", "errors", "negotiation", "play", "scoring", "deal", "match",
                 "notation", "views")


# A translation may leave out what English quotes: the parser's own text of a garbled token, for a bug report.
ENGLISH_ONLY = {("notation", "garbled"): {"reason"}}


def _placeholders(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


def _entries(catalogue: Catalogue) -> dict[str, object]:
    return {field.name: getattr(catalogue, field.name) for field in dataclasses.fields(catalogue)}


@pytest.mark.parametrize("lang", [lang for lang in words.LANGUAGES if lang != "en"])
def test_every_catalogue_has_the_names_keys_and_placeholders_of_the_english_one(lang: str) -> None:
    theirs, ours = _entries(words.CATALOGUES[lang]), _entries(en)
    files = {path.stem: json.loads(path.read_text(encoding="utf-8")) for path in (PACKAGE / "words").glob("*.json")}
    assert set(files) == set(words.LANGUAGES)
    assert set(files[lang]) == set(files["en"])
    for name, value in ours.items():
        other = theirs[name]
        assert type(other) is type(value), name
        if isinstance(value, tuple):
            assert isinstance(other, tuple) and len(other) == len(value), name
        if isinstance(value, dict):
            assert isinstance(other, dict) and set(other) == set(value), (name, set(other) ^ set(value))
            for key, text in value.items():
                english_only = ENGLISH_ONLY.get((name, key), set())
                assert _placeholders(other[key]) == _placeholders(text) - english_only, (name, key)


def test_every_refusal_code_has_a_rule_and_a_sentence_and_the_seam_tells_them_all() -> None:
    assert set(en.messages) == set(RULE_OF) | {"not_higher_same"}   # the same refusal, worded for the same mode
    assert set(RULE_OF) == jsonapi._REASON_CODES
    assert all(re.fullmatch(r"([DNPSM]-\d+b?)?", rule) for rule in RULE_OF.values())


def test_the_rules_raise_only_codes_of_the_list() -> None:
    raised = set()
    for name in ("deal", "negotiation", "play"):
        tree = ast.parse((PACKAGE / f"{name}.py").read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Reason" and node.args:
                first = node.args[0]
                if isinstance(first, ast.Constant):
                    raised.add(first.value)
            if isinstance(node, ast.Return) and isinstance(node.value, ast.Constant) \
                    and isinstance(node.value.value, str) and node.value.value.startswith("must_"):
                raised.add(node.value.value)
    assert len(raised) > 20
    assert raised <= set(RULE_OF), raised - set(RULE_OF)


@pytest.mark.parametrize("module", RULES_MODULES)
def test_no_rules_module_imports_the_words(module: str) -> None:
    tree = ast.parse((PACKAGE / f"{module}.py").read_text(encoding="utf-8"))
    imported = {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    imported |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    assert not {m for m in imported if "words" in m or "i18n" in m}, imported


class _FrenchText(HTMLParser):
    """The text of a page's elements in French (lang="fr", or inside one), each piece with its line."""

    VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track",
                      "wbr"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[tuple[str, str]] = []   # (tag, language) of each element still open
        self.pieces: list[tuple[int, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in self.VOID:
            self.open.append((tag, dict(attrs).get("lang") or (self.open[-1][1] if self.open else "")))

    def handle_endtag(self, tag: str) -> None:
        while self.open and self.open.pop()[0] != tag:   # an element closed by its parent's end
            pass

    def handle_data(self, data: str) -> None:
        if self.open and self.open[-1][1] == "fr":
            self.pieces.append((self.getpos()[0], data))


# French puts a space before : ; ? ! and inside « » : a no-break one (U+00A0) before ":", a narrow one (U+202F) for
# the others, so that the mark never starts or ends a line (an ordinary space let a colon wrap to the start of a line
# on a phone).
ORDINARY_SPACE_BEFORE_MARK = re.compile(r" [:;?!»]|« ")


def test_no_french_sentence_has_an_ordinary_space_before_a_colon_semicolon_question_or_exclamation_mark() -> None:
    def strings(node: object, where: str) -> list[tuple[str, str]]:
        if isinstance(node, str):
            return [(where, node)]
        children = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
        return [s for key, child in children for s in strings(child, f"{where}.{key}")]

    catalogue = json.loads((PACKAGE / "words" / "fr.json").read_text(encoding="utf-8"))
    wrong = [(where, text) for where, text in strings(catalogue, "fr.json") if ORDINARY_SPACE_BEFORE_MARK.search(text)]
    page = _FrenchText()
    page.feed((PACKAGE.parent / "web" / "rules.html").read_text(encoding="utf-8"))
    assert page.pieces and not page.open, "rules.html read whole, its French found"
    wrong += [(f"rules.html line {line}", text) for line, text in page.pieces
              if ORDINARY_SPACE_BEFORE_MARK.search(text)]
    assert wrong == []
    # (The page's own catalogues, web/js: tests/js/i18n.test.js.)
