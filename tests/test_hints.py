"""The hint: the best bot's choice with its one-line reason, in the page's language."""

from __future__ import annotations

import json
from typing import Any

import pytest

from giretra_core import jsonapi
from giretra_core.bots import REASONS
from giretra_core.i18n import BOT_REASONS, bot_reason


def ask(function: str, **request: Any) -> Any:
    answer = json.loads(getattr(jsonapi, function)(json.dumps(request)))
    assert answer["ok"], answer
    return answer["value"]


def test_every_reason_is_translated_with_the_same_placeholders() -> None:
    for lang in ("fr", "mg"):
        assert set(BOT_REASONS[lang]) == set(REASONS)
        for key, english in REASONS.items():
            placeholders = {p for p in ("{card}", "{mode}", "{worlds}") if p in english}
            assert placeholders == {p for p in ("{card}", "{mode}", "{worlds}") if p in BOT_REASONS[lang][key]}, key


@pytest.mark.parametrize("lang", ["en", "fr", "mg"])
def test_the_hint_is_legal_and_says_why_in_the_language(lang: str) -> None:
    state = ask("new_match", seed=5, players={"Bottom": "human", "Left": "basic", "Top": "basic", "Right": "basic"})[
        "state"]
    seen = set()
    for _ in range(20):  # the cut, the negotiation, the first tricks
        view = ask("view", state=state, seat="Bottom")
        seat = view["toAct"]
        hint = ask("bot_action", state=state, seat=seat, level="expert", budgetMs=20, lang=lang)
        legal = {a["action"] for a in ask("legal", state=state, seat=seat)["actions"] if a["legal"]}
        assert hint["action"] in legal
        assert hint["key"] in REASONS
        template = REASONS[hint["key"]] if lang == "en" else BOT_REASONS[lang][hint["key"]]
        assert hint["why"].startswith(template.split("{")[0])
        assert "{" not in hint["why"] and "Colour" not in hint["why"]
        seen.add(hint["key"])
        state = ask("apply", state=state, seat=seat, action=hint["action"])["state"]
    assert len(seen) >= 3


@pytest.mark.parametrize(("lang", "card"), [("en", "J♥"), ("fr", "V♥"), ("mg", "V♥")])
def test_a_reason_names_the_card_with_the_letters_on_its_face(lang: str, card: str) -> None:
    assert card in bot_reason("master", {"card": "JH"}, REASONS["master"], lang)
