"""The scripts of benchmarks/ loaded as modules, so tests can call their pieces (the scripts are
not a package: each runs on its own, `python benchmarks/NAME.py`)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def load(name: str) -> ModuleType:
    """benchmarks/<name>.py, run as a module of that name (its `if __name__ == "__main__"` part not)."""
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
