"""The spectators' observation is the game's declared ``public_observation()``.

Every game must declare one (core v2: nothing is inferred from the seats' observations);
the conformance suite checks that it holds only what every seat knows.
"""

from __future__ import annotations

import json
import random

import camelcade as cc
from camelcade.core.chance import sample_chance


def test_every_game_declares_a_public_observation_without_a_seat() -> None:
    for game_id in cc.game_ids():
        state = cc.load(game_id).new_state()
        public = state.public_observation()
        assert isinstance(public, dict) and public, game_id
        assert "player" not in public, game_id


def test_camel_up_spectators_see_who_bet_on_the_overall_race_but_not_on_which_camel() -> None:
    game = cc.load("camel-up", players=3)
    state = game.new_state()
    rng = random.Random(3)
    while not any(state.public_observation()["piles"].values()):
        if state.is_chance():
            state.apply(sample_chance(state, rng))
            continue
        overall = [a for a in state.legal_actions() if "overall" in state.describe_action(a)]
        state.apply(overall[0] if overall else state.legal_actions()[0])
    piles = state.public_observation()["piles"]
    bets = [entry for pile in piles.values() for entry in pile]
    assert bets and all(card is None for _seat, card in bets)
    bettor = bets[0][0]
    assert any(card is not None for pile in state.observation(bettor)["piles"].values()
               for _seat, card in pile)


def test_messages_are_encoded_as_the_standard_library_would_write_them() -> None:
    """orjson writes the messages now (issue 13: a fifth of the CPU ``json`` took): the
    same compact text, sentences as strings, tuples as lists, other keys as strings, and
    letters beyond ASCII as UTF-8 rather than escapes (shorter, and the same to a reader)."""
    from camelcade.core.words import t
    from camelcade.server.hub import encode

    message = {"type": "state", "view": {"events": [t("{seat} draws a card.", seat="Ann")],
                                         "observation": {0: ("a", 1), "é": None, "n": 2.5}}}
    assert encode(message) == json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def test_a_lone_surrogate_sent_by_a_client_is_still_written() -> None:
    """orjson refuses a lone surrogate (valid JSON escapes can make one); a refusal quoting
    a client's text must still go out, so such a message is written by ``json``."""
    from camelcade.server.hub import encode

    message = {"type": "error", "message": "Unknown action '\ud800'."}
    assert json.loads(encode(message)) == message
