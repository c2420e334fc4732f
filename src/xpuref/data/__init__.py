"""Turn the files under data/ into one validated, immutable dataset."""
