"""The games app imports one way: engines and bots (pure Python) <- models, changes, messages,
catalog, seat_view <- services (with card_sets, retention) <- boards (the presenters) <- rendering,
scheduler, forms, the template tags <- views, the live package (its socket and broadcast; its move
queue sits lower, below the services) <- apps.

Read from the source with ast, so the checks hold for every module, imported or not:
- no import inside a function or class (the way a cycle hides), except AppConfig.ready, where
  Django says the app's signal wiring goes;
- the import graph among games modules has no cycle (the registry's dynamic imports of the game
  modules included) and every import goes to the same layer or a lower one;
- engines, bots and tutorials never import Django, not even through another project module.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from games.engines.registry import GAME_MODULES

ROOT = Path(__file__).resolve().parents[2]
PROJECT_PACKAGES = ("games", "nutrition", "foodcards", "classroom", "plateful")

# Lowest first. A module may import its own layer or any lower one, never a higher one.
LAYERS = (
    ("games.engines", "games.bots", "games.tutorials"),  # pure Python (tutorials: the coach)
    (
        "games.models",
        "games.changes",
        "games.access",
        "games.messages",
        "games.catalog",
        "games.seat_view",
        "games.bounded",
        "games.dealing",  # where a deal's seed comes from (below the services that deal)
    ),
    ("games.live.move_queue",),
    ("games.migrations", "games.admin"),
    (
        "games.services",
        "games.devices",  # which seats a shared device holds (the services read it)
        "games.lessons",
        "games.card_sets",
        "games.match_log",
        "games.retention",
    ),
    ("games.boards", "games.coaching"),
    (
        "games.rendering",
        "games.scheduler",
        "games.forms",
        "games.templatetags",
        "games.templatetags.pieces",  # a reader's own parts of a page (games.rendering draws them)
    ),
    ("games.views", "games.live", "games.urls", "games.routing", "games.management"),
    ("games.apps", "games"),
)
ALLOWED_LATE_IMPORTS = {("games.apps", "GamesConfig.ready")}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _sources(package: str) -> dict[str, Path]:
    return {_module_name(path): path for path in sorted((ROOT / package).rglob("*.py"))}


MODULES = {name: path for package in PROJECT_PACKAGES for name, path in _sources(package).items()}
GAMES = {name: path for name, path in MODULES.items() if name == "games" or name.startswith("games.")}


def _imported(name: str, path: Path) -> set[str]:
    """Project modules this module imports (`from a.b import c` names a.b.c when c is a module)."""
    found: set[str] = set()
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(
                    package.split(".")[: len(package.split(".")) - node.level + 1] + [base]
                ).strip(".")
            submodules = {f"{base}.{alias.name}" for alias in node.names} & MODULES.keys()
            found |= submodules
            if len(submodules) < len(node.names):  # names defined in the module itself
                found.add(base)
    return {module for module in found if module in MODULES or module.split(".")[0] in ("django", "channels")}


GRAPH = {name: {m for m in _imported(name, path) if m in MODULES} for name, path in MODULES.items()}
# The registries load the game modules by name (games.engines.registry.GAME_MODULES).
GRAPH["games.engines.registry"] |= {f"games.engines.{module}" for module in GAME_MODULES}
GRAPH["games.bots"] |= {f"games.bots.{module}" for module in GAME_MODULES}


def _layer(module: str) -> int:
    best = None
    for number, prefixes in enumerate(LAYERS):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and (
                best is None or len(prefix) > best[1]
            ):
                best = (number, len(prefix))
    assert best is not None, f"{module} is in no layer: add it to LAYERS"
    return best[0]


def _late_imports(path: Path) -> list[str]:
    """Imports inside a function or class body, as "Class.function" (or "function")."""
    late = []

    def visit(node: ast.AST, where: list[str]) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                visit(child, [*where, child.name])
            elif isinstance(child, ast.Import | ast.ImportFrom) and where:
                late.append(".".join(where))
            else:
                visit(child, where)

    visit(ast.parse(path.read_text(encoding="utf-8")), [])
    return late


@pytest.mark.parametrize("name", sorted(GAMES))
def test_no_module_hides_an_import_inside_a_function(name):
    late = {(name, where) for where in _late_imports(GAMES[name])}
    assert late <= ALLOWED_LATE_IMPORTS, f"imports inside functions: {sorted(late - ALLOWED_LATE_IMPORTS)}"


def test_the_games_modules_import_each_other_without_a_cycle():
    games_graph = {name: {m for m in GRAPH[name] if m in GAMES} for name in GAMES}
    state: dict[str, str] = {}

    def visit(module: str, path: list[str]) -> None:
        state[module] = "open"
        for imported in sorted(games_graph[module]):
            if state.get(imported) == "open":
                cycle = path[path.index(imported) :] + [imported] if imported in path else [module, imported]
                pytest.fail("import cycle: " + " -> ".join(cycle))
            if imported not in state:
                visit(imported, [*path, imported])
        state[module] = "done"

    for module in sorted(games_graph):
        if module not in state:
            visit(module, [module])


def test_every_import_goes_to_the_same_layer_or_a_lower_one():
    upward = [
        f"{module} (layer {_layer(module)}) imports {imported} (layer {_layer(imported)})"
        for module in sorted(GAMES)
        for imported in sorted(GRAPH[module] & GAMES.keys())
        if _layer(imported) > _layer(module)
    ]
    assert not upward, "\n".join(upward)


def test_engines_and_bots_never_import_django_not_even_through_another_module():
    pure = [name for name in GAMES if _layer(name) == 0]
    for name in pure:
        seen, stack = set(), [name]
        while stack:
            module = stack.pop()
            if module in seen:
                continue
            seen.add(module)
            django = {
                m for m in _imported(module, MODULES[module]) if m.split(".")[0] in ("django", "channels")
            }
            assert not django, f"{name} reaches Django through {module}: {sorted(django)}"
            stack.extend(GRAPH[module])


def test_the_layers_name_real_modules():
    for prefixes in LAYERS:
        for prefix in prefixes:
            assert any(m == prefix or m.startswith(prefix + ".") for m in GAMES), f"no module {prefix}"
