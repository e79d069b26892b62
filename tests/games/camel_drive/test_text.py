"""describe() and describe_action(): whole sentences, camels named by colour, the listener
spoken to as "you", most important first."""

from __future__ import annotations

import gettext
import random
import re

import pytest

import camelcade as cc
from camelcade.core.chance import sample_chance
from camelcade.core.words import language, set_catalogue_loader
from camelcade.games.camel_drive.text import scores

from .helpers import game, play, position


def test_describe_starts_with_whose_turn_and_what_they_may_do() -> None:
    state = game(4).new_state()
    assert state.describe(0).splitlines()[0] == ("Your turn with Red: the opening double "
                                                 "move, two cards at once.")
    assert state.describe(1).splitlines()[0] == "Red's turn: the opening double move."
    state = position(interjections=[3, 3, 3, 3])
    assert state.describe(0).splitlines()[0] == ("Your turn with Red: draw, or play one of "
                                                 "its 3 interjections.")
    state = position(interjections=[1, 3, 3, 3])
    assert state.describe(0).splitlines()[0] == ("Your turn with Red: draw, or play its last "
                                                 "interjection.")
    state = position(interjections=[0, 3, 3, 3])
    assert state.describe(0).splitlines()[0] == "Your turn with Red: draw."


def test_describe_gives_one_line_per_lane_in_lane_order_and_the_points_last() -> None:
    state = play(game().new_state(), "draw", "card 1", "card 3")
    lines = state.describe(0).splitlines()
    assert lines[1] == "Lane 1, Red (yours): field 4; deck 10, top card 3; 3 interjections left."
    assert lines[2] == "Lane 2, Yellow: field 0; deck 12, no card shown; 3 interjections left."
    assert lines[-1] == ("Race 1 to field 15: no camel home yet. Points towards 30: nobody "
                         "has scored yet.")
    assert len(lines) == 1 + 4 + 1


def test_describe_shows_a_deck_only_by_its_size_and_top_card() -> None:
    full = [3, 3, 3, 3]
    state = position(piles=[[0, 1, 3, 3], full, full, full], tops=[0, None, None, None])
    line = state.describe(None).splitlines()[1]
    assert "deck 7, top card 0" in line
    assert "discard" not in state.describe(None)


def test_describe_lists_the_points_best_first_and_a_team_with_its_camels() -> None:
    assert "Points towards 30: Yellow 11, Blue 9, Red 4, Green 2." in \
        position(scores=[4, 11, 2, 9]).describe()
    text = position(2, scores=[4, 7, 2, 0]).describe(1)
    assert "Points towards 30: Team Red and Yellow 11 (Red 4, Yellow 7); you 2 (Green 2, " \
           "Blue 0)." in text


def test_describe_after_the_first_finish_says_who_is_out_and_the_betting_board() -> None:
    state = play(position(positions=[14, 5, 6, 7]), "draw", "card 2", "bet green",
                 "bet green", "bet yellow")
    lines = state.describe(2).splitlines()
    assert lines[0] == "Betting round: Red places its stone."
    assert lines[1] == ("Race 1, betting round: Red came home first and is out; the next "
                        "camel home wins.")
    assert "Lane 1, Red: home first, out of this race; 3 interjections left." in lines
    assert ("Betting board: Yellow: 1 stone, from Blue, 5 if it wins; Green (yours): 2 "
            "stones, from Yellow and Green (yours), 3 each if it wins. Still to bet: Red.") \
        in lines
    assert state.describe(0).splitlines()[0] == ("Betting round: your turn to place Red's "
                                                 "stone on a camel still racing.")


def test_describe_in_the_sprint_says_what_wins() -> None:
    state = position(phase="sprint", positions=[15, 12, 14, 9], first=0, bets=[2, 2, 3, 3],
                     turn=2)
    assert ("Race 1, final sprint to field 15: Red came home first and is out; the next "
            "camel home wins.") in state.describe()


def test_scores_tell_the_points_and_what_the_last_race_gave() -> None:
    state = play(position(phase="sprint", positions=[15, 12, 14, 9], first=0,
                          bets=[2, 2, 3, 3], turn=2), "draw", "card 1")
    assert scores(state, 2).splitlines() == [
        "Points towards 30: Yellow 5, you 5, Red 3, Blue 1.",
        "Race 1 went to Green (yours), Red came home first; it gave Red +3, Yellow +5, "
        "Green (yours) +5, Blue +1.",
    ]


# -- actions ---------------------------------------------------------------------------


def test_a_draw_is_told_to_the_listener_as_theirs() -> None:
    state = game().new_state()
    assert state.describe_action("draw", 0) == "You draw two cards for Red's opening double move."
    assert state.describe_action("draw", 1) == "Red draws two cards for its opening double move."
    state = position()
    assert state.describe_action("draw", 0) == "You draw a card for Red."
    assert state.describe_action("draw") == "Red draws a card."


def test_each_interjection_says_what_it_does_and_how_many_are_left() -> None:
    state = position(positions=[3, 5, 6, 7], interjections=[2, 3, 3, 3])
    assert state.describe_action("shout forward") == ("Red plays an interjection (1 left): "
                                                      "two cards forward.")
    assert state.describe_action("shout back", 0) == (
        "You play an interjection for Red (1 left): one card back, never behind the start.")
    assert state.describe_action("shout left", 1) == (
        "Red plays an interjection (1 left): Yellow (yours), its left neighbour, moves by one "
        "card of its own; then Yellow (yours) plays.")
    assert state.describe_action("shout right") == (
        "Red plays an interjection (1 left): Blue, its right neighbour, moves by one card of "
        "its own; then Yellow plays.")


def test_a_bet_says_the_stones_there_and_what_each_would_pay() -> None:
    state = play(position(positions=[14, 5, 6, 7]), "draw", "card 2")
    assert state.describe_action("bet green", 1) == (
        "You place Yellow's stone on Green: the only stone there, worth 5 if it wins.")
    play(state, "bet green")
    assert state.describe_action("bet green", 3) == (
        "Green places its stone on Green: 2 stones there, worth 3 each if it wins.")
    play(state, "bet green")
    assert state.describe_action("bet green", 2) == (
        "Blue places its stone on Green (yours): 3 stones there, worth 1 each if it wins.")


def test_a_card_says_where_its_camel_went() -> None:
    state = play(game().new_state(), "draw")
    assert state.describe_action("card 2") == "Red reveals a 2; one more card follows."
    assert state.describe_action("card 2", 0) == "You reveal a 2 for Red; one more card follows."
    play(state, "card 2")
    assert state.describe_action("card 1") == "Red reveals a 1, 3 in all, and moves to field 3."
    assert state.describe_action("card 1", 0) == ("You reveal a 1, 3 in all: Red moves to "
                                                  "field 3.")
    state = play(position(positions=[4, 5, 6, 7]), "draw")
    assert state.describe_action("card 0") == "Red reveals a 0 and stays on field 4."
    state = play(position(positions=[1, 5, 6, 7]), "shout back")
    assert state.describe_action("card 3", 0) == "You reveal a 3: Red goes back to field 0."


def test_a_card_from_an_empty_deck_says_the_discards_were_shuffled_first() -> None:
    state = play(position(positions=[4, 5, 6, 7], piles=[[0, 0, 0, 0]] + [[3, 3, 3, 3]] * 3,
                          tops=[2, None, None, None]), "draw")
    assert state.describe_action("card 1").splitlines() == [
        "Red reveals a 1 and moves to field 5.",
        "Red's deck had run out, so all 12 cards were shuffled into a new deck first.",
    ]


def test_the_first_camel_home_loses_and_the_betting_round_follows() -> None:
    state = play(position(positions=[13, 5, 6, 7]), "draw")
    assert state.describe_action("card 2", 1).splitlines() == [
        "Red reveals a 2, comes home first and loses race 1.",
        "Betting round: every camel places its stone on a camel still racing, starting with "
        "Yellow (yours), which then moves.",
    ]
    state = play(position(positions=[13, 14, 6, 7]), "shout left")
    assert state.describe_action("card 3", 1).splitlines()[0] == (
        "You reveal a 3: Yellow comes home first and loses race 1.")
    assert "starting with Red, which then moves" in state.describe_action("card 3")


def test_why_illegal_names_the_rule() -> None:
    state = game().new_state()
    with pytest.raises(cc.IllegalActionError, match="opening double move"):
        state.apply("shout left")
    state = play(position(positions=[14, 5, 6, 7]), "draw", "card 2")
    with pytest.raises(cc.IllegalActionError, match="Red finished first and cannot be backed"):
        state.apply("bet red")
    with pytest.raises(cc.IllegalActionError, match="no white camel in this game"):
        state.apply("bet white")


# -- grammar over whole games -------------------------------------------------------------

BAD = [
    (re.compile(r"\b1 (points|stones|cards|interjections)\b"), "a plural after 1"),
    (re.compile(r"\b(0|[2-9]|\d\d+) (point|stone|interjection)\b(?! left)"), "a singular after N"),
    (re.compile(r"\(you\)"), "'(you)' glued to a name"),
    (re.compile(r"\byou (draws|reveals|places|plays|wins|is|has)\b", re.I), "'you' with -s"),
    (re.compile(r"\btheir\b"), "'their' where 'your' or 'its' is meant"),
]


@pytest.mark.parametrize("players", [2, 4, 6])
def test_every_sentence_of_whole_games_is_grammatical(players: int) -> None:
    rng = random.Random(players)
    state = game(players, target_score=12, track_length=10).new_state()
    told: set[str] = set()
    while not state.is_terminal():
        action = sample_chance(state, rng) if state.is_chance() else \
            rng.choice(state.legal_actions())
        for seat in (None, *range(players)):
            told.add(state.describe_action(action, seat))
            if not state.is_chance():
                told.add(state.describe(seat))
        state.apply(action)
    told.update(state.describe(seat) for seat in (None, *range(players)))
    for text in told:
        for line in text.splitlines():
            assert line[:1].isupper() or line[:1].isdigit(), f"not a sentence: {line!r}"
            assert line.endswith((".", ":")), f"a line must end a sentence: {line!r}"
            for pattern, what in BAD:
                assert not pattern.search(line), f"{what}: {line!r}"


def test_sentences_are_whole_messages_a_catalogue_can_translate() -> None:
    """Each sentence and each colour is one message looked up when it is said."""
    words = {"Green": "Grün", "{camel} draws a card.": "{camel} zieht eine Karte."}

    class German(gettext.NullTranslations):
        def gettext(self, message: str) -> str:
            return words.get(message, message)

    set_catalogue_loader(lambda code: German() if code == "de" else None)
    try:
        state = position(turn=2)
        with language("de"):
            assert state.describe_action("draw") == "Grün zieht eine Karte."
        assert state.describe_action("draw") == "Green draws a card."
    finally:
        set_catalogue_loader(None)  # the packaged catalogues again, as a fresh process has
