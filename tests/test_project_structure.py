"""The live core's structure holds: one writer per table, no import circle between modules.

These read the source (AST), so a use case written outside the unit of work fails here even
before it misbehaves under load."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = (
    "spades", "core", "accounts", "games", "ranked", "lobby", "moderation", "rules_pages",
    "botapi", "tournaments", "daily", "live", "config",
)  # fmt: skip
TABLE_MODELS = {"Table", "Seat", "Match", "Action"}
WRITES = {
    "create",
    "update",
    "delete",
    "bulk_create",
    "bulk_update",
    "get_or_create",
    "update_or_create",
}


def _modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            if "migrations" in path.parts:
                continue
            parts = path.relative_to(ROOT).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            found[name] = path
    return found


MODULES = _modules()


def _imports(path: Path) -> set[str]:
    """Every module imported anywhere in the file (functions included: a lazy import still
    closes a circle; relative imports resolved from the file's package)."""
    package = ".".join(path.relative_to(ROOT).parts[:-1])
    names = set()
    for node in _runtime_nodes(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*parent, *([base] if base else [])])
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
    return {name for name in names if name in MODULES}


def _runtime_nodes(tree: ast.AST):
    """Every node but those under ``if TYPE_CHECKING:`` (imports for type hints only, which
    never run)."""
    stack = [tree]
    while stack:
        node = stack.pop()
        yield node
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and getattr(child.test, "id", "") == "TYPE_CHECKING":
                stack.extend(child.orelse)
                continue
            stack.append(child)


def _graph() -> dict[str, set[str]]:
    return {name: _imports(path) - {name} for name, path in MODULES.items()}


def test_only_the_unit_of_work_imports_the_caches_and_the_raw_sql():
    for name, deps in _graph().items():
        if "games.caches" in deps:
            assert name == "games.session", f"{name} reaches the caches"
        if "games.move_sql" in deps:
            assert name in {"games.session", "games.caches"}, f"{name} writes raw SQL"


def _writes_table_rows(path: Path, saves: bool = True) -> list[str]:
    """Calls such as ``Table.objects.filter(...).update(...)``, or any ``x.save()`` when
    ``saves`` (in the code that handles tables, a saved object is most likely one of theirs)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
            continue
        method = node.func.attr
        if method == "save" and saves:
            found.append(f"line {node.lineno}: .save()")
            continue
        if method not in WRITES:
            continue
        chain = node.func.value
        while isinstance(chain, ast.Call | ast.Attribute):
            chain = chain.func if isinstance(chain, ast.Call) else chain.value
        if isinstance(chain, ast.Name) and chain.id in TABLE_MODELS:
            found.append(f"line {node.lineno}: {chain.id}….{method}()")
    return found


def test_every_write_to_a_table_seat_match_or_action_row_is_made_by_the_unit_of_work():
    allowed = {"games.session", "games.models"}
    offenders = {
        name: writes
        for name, path in MODULES.items()
        if name not in allowed
        and (writes := _writes_table_rows(path, saves=name.startswith(("games", "lobby", "live"))))
    }
    assert offenders == {}


def test_the_structure_check_catches_a_use_case_written_outside_the_unit_of_work(tmp_path):
    rogue = tmp_path / "rogue.py"
    rogue.write_text(
        "def do_rogue(table_id, seat):\n"
        "    Table.objects.filter(pk=table_id).update(chat_enabled=False)\n"
        "    seat.save()\n"
    )
    assert len(_writes_table_rows(rogue)) == 2


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for dep in graph.get(node, ()):
            if dep not in index:
                visit(dep)
                low[node] = min(low[node], low[dep])
            elif dep in on_stack:
                low[node] = min(low[node], index[dep])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in graph:
        if node not in index:
            visit(node)
    return found


def _without_packages(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    """A package's ``__init__`` importing its own modules is not a circle of the code."""
    return {
        name: {
            dep for dep in deps if not (dep.startswith(name + ".") or name.startswith(dep + "."))
        }
        for name, deps in graph.items()
    }


def test_no_import_circle_between_the_project_modules():
    assert _cycles(_without_packages(_graph())) == []


def test_the_circle_finder_finds_a_circle():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
