"""The rules engine: pure Python, no Qt. A game is a function of its inputs and its action list."""
