"""The standard-library core: the compiled catalog, device-name resolution, per-device peaks.

Nothing here imports a third-party package: ``import xpuref`` and ``xpuref.lookup`` read one
JSON file shipped inside the package (``catalog.json``, compiled from ``data/`` by
``xpuref compile``) and never touch pydantic, YAML, Jinja or MkDocs.
"""
