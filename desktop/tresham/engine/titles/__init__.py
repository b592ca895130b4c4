"""Per-title rules modules: each defines `Rules`, a `TitleRules` subclass named in title.yaml."""
