"""Game data: the typed model of a title and the loader that validates maps/<title>/."""
