"""xpuref: validated deep-learning hardware data, the math around it, and the site built from it."""

__version__ = "0.1.0"
__all__ = ["__version__"]
