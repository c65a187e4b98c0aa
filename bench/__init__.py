"""Benchmarks and budget checks of the site, run with ``make bench``."""
