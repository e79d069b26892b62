"""Camel Drive for learning agents: the action index and the observation tensor.

Built from the notation (``docs/games/camel-drive.md``) and the observation JSON only: the
table as it lies (each deck's size, its discard count and top card), never a deck's order
or the cards beneath the top discard. Camels are numbered as in the observation: with 2-3
players seat ``s`` drives camels ``2s`` and ``2s + 1``.
"""

from __future__ import annotations

from camelcade.core.encoding import (
    ActionGroup,
    ActionIndex,
    Block,
    Buffer,
    GameEncoding,
    TensorLayout,
    one_hot_group,
    scaled,
    seat_blocks,
    write_seats,
)
from camelcade.core.game import Game
from camelcade.core.types import JSONDict
from camelcade.games.camel_drive.spec import (
    CARD_VALUES,
    COLOURS,
    DECK_SIZE,
    OPENING_CARDS,
    PHASES,
    SHOUT_FORWARD_CARDS,
    SHOUTS,
    camels_for,
    owner_of,
)

RACE_CAP = 20
OVERSHOOT_ROOM = 6
"""Fields past the finish a tie-race camel may reach (two cards of 3, less one)."""
POINTS_ROOM = 40
"""Points a colour may score past the target in the match's last race, with its bets."""
REVEAL_CAP = SHOUT_FORWARD_CARDS * max(CARD_VALUES)


def encoding(game: Game) -> GameEncoding:
    """The encoding of one Camel Drive variant (player count, track, target, shouts)."""
    players = game.players
    camels = camels_for(players)
    colours = COLOURS[:camels]
    track = int(game.option("track_length"))
    shouts = max(int(game.option("interjections")), 1)
    target = int(game.option("target_score")) + POINTS_ROOM
    actions = ActionIndex([
        ActionGroup("draw", ("draw",), "reveal and move (two cards on a camel's first turn)"),
        ActionGroup(f"shout {'|'.join(SHOUTS)}", tuple(f"shout {s}" for s in SHOUTS),
                    "an interjection"),
        one_hot_group("bet", colours),
    ])
    chance = ActionIndex([one_hot_group("card", [str(v) for v in CARD_VALUES])])
    layout = TensorLayout([
        *seat_blocks(players),
        Block("mine", (camels,), "per camel: driven by the observing seat"),
        Block("phase", (len(PHASES),), f"one-hot: {', '.join(PHASES)}"),
        Block("turn", (camels,), "one-hot: the camel whose turn it is"),
        Block("start", (camels,), "one-hot: this race's start camel (lane 1)"),
        Block("race", (1,), f"race number / {RACE_CAP} (clipped)"),
        Block("position", (camels,), f"per camel: field / {track + OVERSHOOT_ROOM}"),
        Block("opened", (camels,), "per camel: has made its opening double move"),
        Block("first", (camels,), "one-hot: the camel out first this race (it lost)"),
        Block("bets", (camels, camels), "per camel: one-hot camel its stone backs"),
        Block("bet_queue", (camels,), "per camel: its stone still to be placed"),
        Block("interjections", (camels,), f"per camel: interjection cards left / {shouts}"),
        Block("scores", (camels,), f"per camel: points / {target} (clipped)"),
        Block("top", (camels, len(CARD_VALUES)),
              f"per camel: one-hot value of the top discard "
              f"({', '.join(map(str, CARD_VALUES))}); zero with no discard"),
        Block("pile", (camels,), f"per camel: cards in its deck / {DECK_SIZE}"),
        Block("discards", (camels,), f"per camel: cards on its discard pile / {DECK_SIZE}"),
        Block("pending_camel", (camels,), "one-hot: the camel a move is being revealed for"),
        Block("pending", (3,), f"that move: cards still to reveal / {OPENING_CARDS}, "
              f"backwards, revealed so far / {REVEAL_CAP}"),
        Block("racers", (camels,), "per camel: in the tie race"),
        Block("last_first", (camels,), "one-hot: the camel out first in the race before"),
        Block("last_winner", (camels,), "one-hot: the winner of the race before"),
    ])
    off = layout.offset
    phase_id = {phase: number for number, phase in enumerate(PHASES)}
    owners = [owner_of(camel, players) for camel in range(camels)]

    def encode(seen: JSONDict, out: Buffer) -> None:
        seat = int(seen["player"])
        write_seats(out, layout, players, seat, seen["current_player"])
        out[off["phase"] + phase_id[seen["phase"]]] = 1.0
        out[off["turn"] + seen["turn"]] = 1.0
        out[off["start"] + seen["start"]] = 1.0
        out[off["race"]] = scaled(seen["race"], RACE_CAP)
        if seen["first"] is not None:
            out[off["first"] + seen["first"]] = 1.0
        for camel in range(camels):
            out[off["mine"] + camel] = 1.0 if owners[camel] == seat else 0.0
            out[off["position"] + camel] = scaled(seen["positions"][camel],
                                                  track + OVERSHOOT_ROOM)
            out[off["opened"] + camel] = 1.0 if seen["opened"][camel] else 0.0
            backed = seen["bets"][camel]
            if backed is not None:
                out[off["bets"] + camel * camels + backed] = 1.0
            out[off["interjections"] + camel] = scaled(seen["interjections"][camel], shouts)
            out[off["scores"] + camel] = scaled(seen["scores"][camel], target)
            top = seen["tops"][camel]
            if top is not None and seen["discard_sizes"][camel] > 0:
                out[off["top"] + camel * len(CARD_VALUES) + top] = 1.0
            out[off["pile"] + camel] = seen["pile_sizes"][camel] / DECK_SIZE
            out[off["discards"] + camel] = seen["discard_sizes"][camel] / DECK_SIZE
        for camel in seen["bet_queue"]:
            out[off["bet_queue"] + camel] = 1.0
        for camel in seen["racers"]:
            out[off["racers"] + camel] = 1.0
        pending = seen["pending"]
        if pending is not None:
            out[off["pending_camel"] + pending["camel"]] = 1.0
            out[off["pending"]] = scaled(pending["cards"], OPENING_CARDS)
            out[off["pending"] + 1] = 1.0 if pending["direction"] == "back" else 0.0
            out[off["pending"] + 2] = scaled(pending["revealed"], REVEAL_CAP)
        last = seen["last_race"]
        if last is not None:
            out[off["last_first"] + last["first"]] = 1.0
            out[off["last_winner"] + last["winner"]] = 1.0

    notes = (
        "Variants: `bet COLOUR` names the colours in play (two per player with 2-3 "
        "players, one each with 4-6); `track_length`, `interjections` and `target_score` "
        "only change the scales.",
        "`mine` is derived from the seat and the player count (seat s drives camels 2s "
        "and 2s+1 with 2-3 players).",
    )
    return GameEncoding(actions, chance, layout, encode, notes)


ENCODING = encoding
"""The manifest's ``rl`` slot."""
