"""The engines' words reach people through gettext (games.messages), and every English source
sentence in an engine is marked so makemessages finds it: no finished English sentence, no
f-string, is ever shown to a player."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from games import messages
from games.engines.messages import card_ref, msg, ngettext_noop, seat_ref
from tests.games.words import catalogue_ids

ENGINES_DIR = Path(__file__).resolve().parents[2] / "games" / "engines"
MARKERS = ("gettext_noop", "ngettext_noop")

SPANISH = {
    "%(who)s ate %(card)s.": "%(who)s comió %(card)s.",
    "You ate %(card)s.": "Comiste %(card)s.",
    "Player %(number)s": "Jugador %(number)s",
}


@pytest.fixture
def spanish(monkeypatch):
    monkeypatch.setattr(messages, "gettext", lambda text: SPANISH.get(text, text))
    plurals = {"You won %(n)s card.": ("Ganaste %(n)s carta.", "Ganaste %(n)s cartas.")}
    monkeypatch.setattr(
        messages, "ngettext", lambda one, many, n: plurals.get(one, (one, many))[0 if n == 1 else 1]
    )


def test_sentences_go_through_gettext_and_the_viewers_variant(spanish):
    ate = msg("%(who)s ate %(card)s.", you="You ate %(card)s.", who=seat_ref(1), card=card_ref("apple"))
    cards = {"apple": {"name": "Apple"}}
    assert messages.say(ate, viewer=1, names=["Kim", "Ana"], cards=cards) == "Comiste Apple."
    assert messages.say(ate, viewer=0, names=["Kim", "Ana"], cards=cards) == "Ana comió Apple."
    assert messages.say(ate, viewer=None, names=[], cards=cards) == "Jugador 2 comió Apple."
    won = msg(
        ngettext_noop("%(who)s won %(n)s card.", "%(who)s won %(n)s cards."),
        you=ngettext_noop("You won %(n)s card.", "You won %(n)s cards."),
        who=seat_ref(0),
        n=3,
    )
    assert messages.say(won, viewer=0, names=["Kim"]) == "Ganaste 3 cartas."


def test_bot_levels_and_cards_have_names_for_people():
    assert messages.level_name("strong") == "Strong" and messages.level_name("sneaky") == "Sneaky"
    assert messages.card_name({"apple": {"name": "Apple"}}, "apple") == "Apple"


def _calls(tree: ast.AST, name: str) -> list[ast.Call]:
    return [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and (getattr(node.func, "id", None) == name or getattr(node.func, "attr", None) == name)
    ]


def _is_words(node: ast.AST | None) -> bool:
    """A literal sentence (or an f-string): not allowed where people will read it."""
    return isinstance(node, ast.JoinedStr) or (isinstance(node, ast.Constant) and isinstance(node.value, str))


def _unmarked(tree: ast.AST) -> list[str]:
    found = []
    for call in _calls(tree, "msg") + _calls(tree, "IllegalAction") + _calls(tree, "event"):
        if call.args and _is_words(call.args[0]):
            found.append(f"line {call.lineno}: {ast.unparse(call.args[0])[:60]}")
    for call in _calls(tree, "msg"):
        for keyword in call.keywords:
            if keyword.arg == "you":
                values = keyword.value.values if isinstance(keyword.value, ast.Dict) else [keyword.value]
                found += [f"line {call.lineno}: you={ast.unparse(v)[:50]}" for v in values if _is_words(v)]
    for call in _calls(tree, "Option") + _calls(tree, "zone") + _calls(tree, "number") + _calls(tree, "fact"):
        labels = [*call.args[1:2], *(k.value for k in call.keywords if k.arg in ("label", "help"))]
        found += [f"line {call.lineno}: {ast.unparse(v)[:50]}" for v in labels if _is_words(v) and v.value]
        for keyword in call.keywords:
            if keyword.arg == "choices" and isinstance(keyword.value, ast.Tuple):
                for choice in keyword.value.elts:
                    if isinstance(choice, ast.Tuple) and _is_words(choice.elts[1]):
                        found.append(f"line {call.lineno}: choice {ast.unparse(choice.elts[1])[:50]}")
    engines = [
        node for node in ast.walk(tree) if isinstance(node, ast.Call) and node not in _calls(tree, "Option")
    ]
    for keyword in (k for node in engines for k in node.keywords):
        if keyword.arg in ("title", "name") and _is_words(keyword.value):
            found.append(f"line {keyword.value.lineno}: {keyword.arg}={ast.unparse(keyword.value)[:50]}")
    return found


def _marked(tree: ast.AST) -> set[str]:
    return {
        arg.value
        for marker in MARKERS
        for call in _calls(tree, marker)
        for arg in call.args
        if isinstance(arg, ast.Constant) and isinstance(arg.value, str)
    }


ENGINE_MODULES = sorted(path for path in ENGINES_DIR.glob("*.py") if path.name != "__init__.py")


@pytest.mark.parametrize("path", ENGINE_MODULES, ids=[path.stem for path in ENGINE_MODULES])
def test_every_sentence_an_engine_says_is_marked_for_translation(path):
    assert not _unmarked(ast.parse(path.read_text(encoding="utf-8"))), (
        f"{path.name}: wrap these in gettext_noop/ngettext_noop (or build them with msg)"
    )


def test_makemessages_finds_every_marked_sentence_and_plural():
    marked = set().union(*(_marked(ast.parse(path.read_text(encoding="utf-8"))) for path in ENGINE_MODULES))
    assert len(marked) > 300
    assert not marked - catalogue_ids(), sorted(marked - catalogue_ids())[:10]
    assert {"%(who)s won %(n)s card.", "%(who)s won %(n)s cards."} <= catalogue_ids()  # ngettext_noop pairs
