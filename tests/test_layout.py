"""The package's shape, as a maintainer relies on it: imports run one way, modules stay readable,
and games keep to their own folders.

The import graph is read from the source with `ast`, so imports inside functions and under
`if TYPE_CHECKING:` count: a lazy import is the same tangle, only hidden.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "cardgen"
MAX_LINES = 900


def game_packages(root: Path = PACKAGE) -> list[str]:
    """The game folders of the package: every sub-package with a plugin.py (as cardgen.games finds them)."""
    return sorted(p.parent.name for p in root.glob("*/plugin.py"))


GAMES = game_packages()


def modules(root: Path = PACKAGE) -> dict[str, Path]:
    """Dotted module name -> file, for every module of the package."""
    out = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def import_graph(mods: dict[str, Path]) -> dict[str, set[str]]:
    """Module -> the package's modules it imports (anywhere in its source)."""

    def known(name: str) -> str | None:
        while name and name not in mods:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = {}
    for name, path in mods.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        deps: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                deps.update(filter(None, (known(a.name) for a in node.names)))
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(up + ([base] if base else []))
                for alias in node.names:
                    full = f"{base}.{alias.name}"
                    found = full if full in mods else known(base)
                    if found:
                        deps.add(found)
        deps.discard(name)
        graph[name] = deps
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each as a path."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_import_cycle():
    found = cycles(graph_of(PACKAGE))
    assert not found, "import cycles (each a set of modules that import each other):\n" + "\n".join(
        " <-> ".join(c) for c in found
    )


def test_the_cycle_check_sees_lazy_and_type_checking_imports(tmp_path):
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("def f():\n    from pkg.b import g\n")
    (pkg / "b.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import a\n")
    assert cycles(import_graph(modules(pkg))) == [["pkg.a", "pkg.b"]]


def test_no_module_over_900_lines():
    long = {name: n for name, path in modules().items() if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert not long, f"modules over {MAX_LINES} lines (split them by concern): {long}"


def test_the_game_folders_are_the_registered_games():
    """Every game the registry finds in the package is a folder these checks cover (and no more)."""
    from cardgen import games

    builtin = {e.name for e in games.registry().entries() if (e.kit or e.engine or "").startswith("cardgen.")}
    assert set(GAMES) == builtin and len(GAMES) >= 5


@functools.cache
def graph_of(root: Path = PACKAGE) -> dict[str, set[str]]:
    """The import graph of the package at `root`, read once per test run."""
    return import_graph(modules(root))


def game_crossings(game: str, root: Path = PACKAGE) -> set[tuple[str, str]]:
    """(module, import) pairs where the game's folder imports another game."""
    graph = graph_of(root)
    others = set(game_packages(root)) - {game}
    return {
        (m, d) for m, deps in graph.items() if m.startswith(f"cardgen.{game}.") or m == f"cardgen.{game}"
        for d in deps if d.split(".")[1:2] and d.split(".")[1] in others
    }  # fmt: skip


def shared_crossings(root: Path = PACKAGE) -> set[tuple[str, str]]:
    """(module, import) pairs where a module outside every game folder (a shared machine or the
    core) imports a game."""
    graph = graph_of(root)
    games = set(game_packages(root))
    return {(m, d) for m, deps in graph.items() if m.split(".")[1:2] and m.split(".")[1] not in games
            for d in deps if d.split(".")[1:2] and d.split(".")[1] in games}  # fmt: skip


def cli_reaches(game: str, root: Path = PACKAGE) -> set[tuple[str, str]]:
    """(module, import) pairs where the game's folder imports the command layer beyond its shared
    option types (cardgen.cli.types): the command layer is built from the games, not below them."""
    graph = graph_of(root)
    return {
        (m, d) for m, deps in graph.items() if m.startswith(f"cardgen.{game}.") or m == f"cardgen.{game}"
        for d in deps if (d == "cardgen.cli" or d.startswith("cardgen.cli.")) and d != "cardgen.cli.types"
    }  # fmt: skip


def below_cli_reaches(root: Path = PACKAGE) -> set[tuple[str, str]]:
    """(module, import) pairs where a module below the command layer (anything outside `cli/` but the
    `__main__` entry point) imports the command layer beyond its shared option types (`cli.types`):
    click and its context stay in the commands, so the machines work the same from a script or a worker."""
    graph = import_graph(modules(root)) if root != PACKAGE else graph_of(root)
    cli, top = f"{root.name}.cli", f"{root.name}.__main__"
    return {
        (m, d) for m, deps in graph.items() if m != cli and not m.startswith(cli + ".") and m != top
        for d in deps if (d == cli or d.startswith(cli + ".")) and d != f"{cli}.types"
    }  # fmt: skip


def test_nothing_below_the_command_layer_imports_it():
    found = below_cli_reaches()
    assert not found, f"modules below the command layer that import it (move what they need out of cardgen/cli/): {sorted(found)}"


def test_the_command_layer_check_sees_a_lazy_import_of_the_commands(tmp_path):
    pkg = tmp_path / "pkg"
    (pkg / "cli").mkdir(parents=True)
    for name in ("__init__.py", "cli/__init__.py", "cli/types.py", "cli/printing.py", "__main__.py"):
        (pkg / name).write_text("")
    (pkg / "printrun.py").write_text("from pkg.cli.types import X\ndef job():\n    from pkg.cli.printing import build_layout\n")
    (pkg / "__main__.py").write_text("from pkg.cli.printing import main\n")
    assert below_cli_reaches(pkg) == {("pkg.printrun", "pkg.cli.printing")}


@pytest.mark.parametrize("game", GAMES)
def test_a_game_imports_no_other_game(game):
    assert not game_crossings(game)


@pytest.mark.parametrize("game", GAMES)
def test_a_game_uses_the_command_layer_only_through_its_option_types(game):
    found = cli_reaches(game)
    assert not found, f"{game} imports the command layer (use cardgen.cli.types, or move what it needs there): {sorted(found)}"


def test_shared_machines_import_no_game():
    crossing = shared_crossings()
    assert not crossing, f"shared machines that name a game (games register themselves): {sorted(crossing)}"


def test_cli_holds_shared_commands_only():
    names = {p.stem for p in (PACKAGE / "cli").glob("*.py")}
    assert not names & set(GAMES), f"game modules in cardgen/cli/ (a game's own commands live in its folder): {names & set(GAMES)}"
