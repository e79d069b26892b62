"""The player's guide and the prompt's commands (hand, played, scores): words for players."""

from __future__ import annotations

import re

import camelcade as cc
from camelcade.core.registry import plugin
from camelcade.games.a_dos_de_chameau import terminal
from camelcade.games.a_dos_de_chameau.guide import guide

from .helpers import GAME_ID, game, position

EXAMPLE = re.compile(r"^(oasis\d \d+|mirage\d \d+|leader \d+|storm|discard \w+): ")


def test_the_manifest_declares_the_guide_the_counted_draws_and_the_commands() -> None:
    manifest = plugin(GAME_ID)
    assert manifest.guide is not None and manifest.guide.load() is guide
    assert manifest.counted is not None and "{seat} draws a card." in manifest.counted.load()
    assert set(manifest.terminal.commands) == {"hand", "played", "scores"}
    assert not manifest.terminal.advisor_commands  # nothing here is advice


def test_every_example_is_a_line_of_its_own_and_a_legal_kind_of_action() -> None:
    """A screen reader reads a line at a time: one example a line, each one parses."""
    lines = guide(game(2)).splitlines()
    examples = [line for line in lines if EXAMPLE.match(line)]
    assert [line.split(":")[0].split()[0].rstrip("0123456789") for line in examples] == [
        "oasis", "oasis", "mirage", "leader", "storm", "discard"]
    state = game(2).new_state()
    for line in examples:
        state.parse_action(line.split(":")[0])  # the notation is the game's own
    assert not any("\t" in line or "  " in line for line in lines)  # no columns


def test_the_guide_says_what_each_card_does_and_the_tables_options() -> None:
    text = guide(game(2))
    for told in ("Oasis card:", "Mirage:", "Caravan leader:", "Sandstorm:", "only empty spaces",
                 "space 31 scores 1", "space 36 scores 6", "palms 1, 1, 2, 2, 3, 3 and 4"):
        assert told in text
    other = guide(cc.load(GAME_ID, players=2, oasis_points=[6, 5, 4, 3, 2, 1],
                          oasis_cards=[4, 4, 3, 3, 2, 2, 1], leader_target="any"))
    assert "space 31 scores 6" in other and "palms 4, 4, 3, 3, 2, 2 and 1" in other
    assert "once a camel is in the oasis the card has no use" in other


def three_players() -> cc.State:
    return position(
        [[0, 12, 33], [0, 9, 15], [0, 0, 0]],
        ["oasis3 mirage2 leader", "oasis1 storm", "oasis4 mirage1 mirage3"],
        discards=["oasis1 oasis2", "", "mirage2"],
    )


def test_hand_says_your_hand_and_your_pile_only() -> None:
    assert terminal.hand(three_players().seen(1)) == (
        "Your hand: oasis 1 and the sandstorm.\n"
        "Your pile, 10 cards: oasis 1, oasis 2, oasis 2, oasis 3, oasis 3, oasis 4, mirage 1, "
        "mirage 2, mirage 3 and the caravan leader.")
    empty = position([[0, 0, 0], [0, 0, 0]], ["oasis1 oasis2", "oasis1"], piles=["", "oasis3"])
    assert terminal.hand(empty.seen(0)).splitlines()[1] == "Your pile is empty."
    assert terminal.hand(empty.seen(1)).splitlines()[1] == "Your pile, 1 card: oasis 3."


def test_played_lists_every_face_up_card_top_last() -> None:
    assert terminal.played(three_players().seen(0)).splitlines() == [
        "You have played oasis 1 and oasis 2.", "Yellow has played no cards.",
        "Orange has played mirage 2."]


def test_scores_tells_each_players_oasis_points_item_by_item() -> None:
    assert terminal.scores(three_players().seen(1)).splitlines() == [
        "Points so far, from the camels in the oasis:",
        "Red scores 3 points: 3 for space 33.",
        "You score no points: none of your camels is in the oasis.",
        "Orange scores no points: none of their camels is in the oasis.",
    ]
