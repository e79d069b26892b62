"""The scripted ``--plain`` game of the transcript golden: its command line and inputs.

Two players (two camels each) against ``camel-drive-planner`` on a short track, to 8
points: three races with openings, interjections (the person's ``shout forward`` and the
planner's), the betting rounds, every scoring step and the match's end. The person asks
for ``help``, ``legal`` and the ``odds`` advisor once each. The inputs were chosen by
playing: draw, back the camel furthest along, shout forward once.
"""

from __future__ import annotations

ARGS = ["play", "camel-drive", "--plain", "--players", "2", "--bots", "camel-drive-planner",
        "--seed", "3", "--advisor", "-o", "track_length=10", "-o", "target_score=8"]
INPUTS = ["help", "draw", "legal", "draw", "odds", "draw", "shout forward", "draw", "draw",
          "bet blue", "bet blue", "draw", "draw", "draw", "draw", "draw", "draw", "bet blue",
          "bet blue", "draw", "draw", "draw", "draw", "draw", "draw", "draw", "bet yellow",
          "bet yellow", "draw", "draw"]
