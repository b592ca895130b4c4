"""Tresham: 18xx railroad games at one table."""

__version__ = "0.1.0"
