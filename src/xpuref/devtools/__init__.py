"""Developer tools outside the runtime path: bench, page weight, link check, golden vectors."""
