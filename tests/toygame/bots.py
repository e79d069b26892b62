"""The toy's own bot: always adds the most it may."""

from __future__ import annotations

from camelcade.core import Action, View


class GreedyBot:
    name = "toy-greedy"

    def choose(self, view: View) -> Action:
        return max(view.legal_actions(), key=str)
