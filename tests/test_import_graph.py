"""The package's import graph: engine -> analysis -> session -> tutor/render -> widgets, the
application (commands, CLI, server, landing page) on top; no module imports a higher layer and
no two modules import each other, directly or round a circle.

Imports are read with ``ast`` from the source, every import counted wherever it is written
(inside functions too, display hooks such as ``_repr_html_`` included: a lazy import is still a
dependency), except the ones only a type checker sees (``if TYPE_CHECKING:``). Only the circle
test leaves out the imports inside a display hook (``__str__``, ``_repr_html_``): a hook runs
once both modules are loaded, so it cannot break loading; it still may not point up a layer.

The package's door (``precog/__init__.py``) stands above every layer: it gives IPython the
notebook drawings of the render layer, imported only when one is shown; it imports nothing when
it is loaded, so the modules that read its constants (the version) make no circle.
"""

from __future__ import annotations

import ast
from pathlib import Path

import precog

ROOT = Path(precog.__file__).resolve().parent
LAYERS = {"engine": 0, "analysis": 1, "session": 2, "tutor": 3, "render": 3, "widgets": 4,
          "commands": 5, "cli": 5, "serve": 5, "app_landing": 5, "voila_app": 5, "kernel_ports": 5,
          "page": 5, "__main__": 6}
DOOR = "precog"
DISPLAY_HOOKS = {"__str__", "_repr_html_"}


def _modules() -> dict[str, Path]:
    out = {}
    for path in ROOT.rglob("*.py"):
        parts = ("precog", *path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


MODULES = _modules()


def _counted_imports(tree: ast.AST, hooks: bool = True) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement, but not those under ``if TYPE_CHECKING:`` (nor, without
    ``hooks``, those inside a display hook)."""
    found: list[ast.Import | ast.ImportFrom] = []

    def walk(node: ast.AST) -> None:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.orelse:
                walk(child)
            return
        if not hooks and isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and \
                node.name in DISPLAY_HOOKS:
            return
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.append(node)
        for child in ast.iter_child_nodes(node):
            walk(child)

    walk(tree)
    return found


def _targets(module: str, node: ast.Import | ast.ImportFrom) -> list[str]:
    """The precog modules an import statement loads (``from a import b``: ``a.b`` when that
    is a module, else ``a``)."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    if node.module == "__future__":
        return []
    if node.level:
        package = module if MODULES[module].name == "__init__.py" else module.rpartition(".")[0]
        base = package.split(".")[:len(package.split(".")) - node.level + 1]
        name = ".".join(base + ([node.module] if node.module else []))
    else:
        name = node.module or ""
    return [f"{name}.{a.name}" if f"{name}.{a.name}" in MODULES else name for a in node.names]


def _graph(hooks: bool = True) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for module, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        graph[module] = {t for node in _counted_imports(tree, hooks) for t in _targets(module, node)
                         if t in MODULES and t != module}
    return graph


def _layer(module: str) -> int | None:
    parts = module.split(".")
    return LAYERS.get(parts[1]) if len(parts) > 1 else None


def _module_level_imports(module: str) -> set[str]:
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    statements = [n for n in tree.body if isinstance(n, ast.Import | ast.ImportFrom)]
    return {t for n in statements for t in _targets(module, n) if t in MODULES}


def test_every_part_of_the_package_has_a_layer() -> None:
    parts = {m.split(".")[1] for m in MODULES if "." in m}
    assert parts <= set(LAYERS), f"parts without a layer: {sorted(parts - set(LAYERS))}"


def test_no_module_imports_a_higher_layer() -> None:
    upward = [f"{m} imports {t}" for m, targets in _graph().items() for t in sorted(targets)
              if m != DOOR and t != DOOR and (_layer(m) or 0) < (_layer(t) or 0)]
    assert upward == []


def test_the_engine_imports_nothing_above_it_not_even_inside_a_function() -> None:
    graph = _graph()
    above = [f"{m} imports {t}" for m in graph if _layer(m) == 0 for t in sorted(graph[m])
             if t == DOOR or (_layer(t) or 0) > 0]
    assert above == []


def test_the_package_door_imports_nothing_when_loaded() -> None:
    assert _module_level_imports(DOOR) == set()


def test_no_import_cycles() -> None:
    graph = _graph(hooks=False)
    # Tarjan's strongly connected components; a component of two or more is a cycle
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    assert cycles == []


def test_the_graph_reader_sees_lazy_imports_and_skips_type_only_ones() -> None:
    source = ("from typing import TYPE_CHECKING\n"
              "if TYPE_CHECKING:\n    from precog.widgets import tutor\n"
              "def f():\n    from precog.engine import rules\n"
              "class A:\n    def _repr_html_(self):\n        from precog.render import board\n")
    found = [t for n in _counted_imports(ast.parse(source)) for t in _targets("precog.x", n)]
    assert "precog.engine.rules" in found and "precog.render.board" in found
    assert not any(t.startswith("precog.widgets") for t in found)
