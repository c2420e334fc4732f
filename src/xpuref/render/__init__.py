"""Jinja environment, macros and templates: the dataset rendered into page content."""
