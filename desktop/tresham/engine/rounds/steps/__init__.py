"""The steps of a corporation's operating turn, each accepting its own actions (18GA 4.2)."""
