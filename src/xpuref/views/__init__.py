"""What pages show, computed from the dataset: spec rows, derived figures, records, figures."""
