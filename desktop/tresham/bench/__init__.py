"""Benchmarks that print figures: `python -m tresham.bench replay|routes|playouts|bots ...`."""
