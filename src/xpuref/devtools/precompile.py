"""Compile every template once into the environment's template store (run by setup.sh)."""

from __future__ import annotations

import sys
from pathlib import Path

from xpuref.render.compiled import store_dir, writable_store
from xpuref.render.env import template_env

__all__ = ["precompile"]


def precompile(target: Path) -> int:
    """Store the bytecode of every project template under ``target``; return how many."""
    target.mkdir(parents=True, exist_ok=True)
    for old in target.glob("__jinja2_*.cache"):
        old.unlink()
    env = template_env(writable_store(target))
    names = env.list_templates()
    for name in names:
        env.get_template(name)
    return len(names)


if __name__ == "__main__":
    count = precompile(store_dir())
    print(f"setup: compiled {count} templates into {store_dir()}", file=sys.stderr)
