"""The only package that imports MkDocs: hooks adapter, site build and offline bundle."""
