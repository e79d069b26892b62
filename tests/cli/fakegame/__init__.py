"""A stand-in game package that uses both CLI hooks (terminal.py and cli.py)."""
