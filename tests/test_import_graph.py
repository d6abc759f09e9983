"""The package's import graph: engine -> analysis -> session -> tutor/render -> widgets -> the
app's server (server, Voila app, landing page) -> the commands -> the command line; no module
imports a higher layer and no two modules import each other, directly or round a circle. The
render layer draws engine values with the words it is given: it imports the engine only. The
server imports no command (the commands start the server).

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
LAYER_ORDER = ("engine", "analysis", "session", "tutor/render", "widgets", "app server",
               "commands", "command line")
"""The named layers, lowest first."""
LAYER_OF = {"engine": "engine", "analysis": "analysis", "session": "session",
            "tutor": "tutor/render", "render": "tutor/render", "widgets": "widgets",
            "serve": "app server", "voila_app": "app server", "kernel_ports": "app server",
            "app_landing": "app server", "page": "app server", "commands": "commands",
            "cli": "command line", "__main__": "command line"}
"""Each part of the package (a sub-package or a top-level module) and its layer."""
LAYERS = {part: LAYER_ORDER.index(name) for part, name in LAYER_OF.items()}
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


def test_every_module_has_a_named_layer() -> None:
    unnamed = [m for m in MODULES if m != DOOR and _layer(m) is None]
    assert unnamed == []
    assert set(LAYER_OF.values()) == set(LAYER_ORDER)


def test_the_render_layer_imports_the_engine_only() -> None:
    graph = _graph()
    other = [f"{m} imports {t}" for m in graph if m.startswith("precog.render")
             for t in sorted(graph[m]) if not t.startswith(("precog.engine", "precog.render"))]
    assert other == []


def test_the_server_imports_no_command() -> None:
    graph = _graph()
    assert sorted(t for t in graph["precog.serve"] if t.startswith("precog.commands")) == []


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


# ---------------------------------------------------------------- the analysis sub-packages
# Inside the analysis layer the sub-packages have an order of their own (ANALYSIS_ORDER, bottom
# first; two at the same level are siblings): every analysis module sits in one of them, and a
# sub-package imports only from those at a lower level, never from a sibling or one above, so
# the sub-packages make no circle either. precog/analysis/__init__.py only names the public
# names and imports each from its module when first asked for.

ANALYSIS_ORDER = {"basics": 0, "projection": 1, "playing": 2, "playouts": 3, "fitted": 4,
                  "parallel": 4, "search": 5, "choices": 6, "arena": 7, "game_review": 8,
                  "balance": 8}
ANALYSIS = "precog.analysis"


def _analysis_part(module: str) -> str | None:
    """The analysis sub-package a module belongs to (None outside the analysis layer, and for
    the layer's own door)."""
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[1] == "analysis" else None


def test_every_analysis_module_sits_in_a_named_sub_package() -> None:
    loose = sorted(m for m in MODULES if _analysis_part(m) not in (None, *ANALYSIS_ORDER))
    assert loose == [], "place these in a sub-package (and in ANALYSIS_ORDER)"
    assert {_analysis_part(m) for m in MODULES} - {None} == set(ANALYSIS_ORDER)


def _sideways_or_up(graph: dict[str, set[str]]) -> list[str]:
    """Imports from one analysis sub-package into a sibling or one above it."""
    return [f"{m} imports {t}" for m, targets in graph.items() for t in sorted(targets)
            if (here := _analysis_part(m)) and (there := _analysis_part(t))
            and here != there and ANALYSIS_ORDER[there] >= ANALYSIS_ORDER[here]]


def test_analysis_sub_packages_import_only_those_below_them() -> None:
    assert _sideways_or_up(_graph()) == []


def test_no_analysis_module_goes_through_the_analysis_door() -> None:
    through = [m for m, targets in _graph().items() if _analysis_part(m) and ANALYSIS in targets]
    assert through == []


def test_the_analysis_door_imports_nothing_when_loaded() -> None:
    assert _module_level_imports(ANALYSIS) == set()


def test_the_analysis_door_gives_each_public_name_from_its_module() -> None:
    import precog.analysis as door

    tree = ast.parse(MODULES[ANALYSIS].read_text(encoding="utf-8"))
    typed = {a.asname or a.name for n in _type_only_imports(tree) for a in n.names}
    assert typed == set(door.PUBLIC) == set(door.__all__)
    for name, module in door.PUBLIC.items():
        holder = __import__(f"{ANALYSIS}.{module}", fromlist=[name])
        assert getattr(door, name) is getattr(holder, name)


def _type_only_imports(tree: ast.Module) -> list[ast.ImportFrom]:
    return [n for block in tree.body if isinstance(block, ast.If)
            and "TYPE_CHECKING" in ast.unparse(block.test)
            for n in block.body if isinstance(n, ast.ImportFrom)]


def test_the_analysis_order_catches_an_upward_and_a_sibling_import() -> None:
    graph = {"precog.analysis.playing.world": {"precog.analysis.search.tree",
                                               "precog.analysis.basics.errors"},
             "precog.analysis.game_review.review": {"precog.analysis.balance.ledger"},
             "precog.analysis.balance.ledger": {"precog.analysis.balance.variants"}}
    assert _sideways_or_up(graph) == [
        "precog.analysis.playing.world imports precog.analysis.search.tree",
        "precog.analysis.game_review.review imports precog.analysis.balance.ledger"]
