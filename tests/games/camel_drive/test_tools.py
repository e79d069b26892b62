"""The terminal renderer and the odds advisor (the balance report: test_balance.py)."""

from __future__ import annotations

from rich.console import Console

from camelcade.games.camel_drive.terminal import ADVISOR_COMMANDS, render, seat_name

from .helpers import game, play, position


def _text(renderable: object) -> str:
    console = Console(record=True, width=140, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_render_names_every_camel_and_marks_the_viewer() -> None:
    state = play(position(positions=[14, 9, 3, 2]), "draw", "card 2", "bet yellow")
    text = _text(render(state.seen(2)))
    for name in ("Red, out", "Yellow", "Green (yours)", "Blue"):
        assert name in text
    assert "Lane" in text and "Deck" in text and "top 2" in text
    assert text.splitlines()[0] == ("Betting round: your turn to place Green's stone on a "
                                    "camel still racing.")
    assert ("Betting board: Yellow: 1 stone, from Yellow, 5 if it wins. Still to bet: "
            "Green (yours), Blue and Red.") in " ".join(text.split())


def test_render_has_a_legend_for_every_letter_and_mark_it_draws() -> None:
    text = _text(render(position(6).seen(0)))
    assert "Track: R Red, Y Yellow, G Green, B Blue, W White, K Black; · a field, F the " \
           "finish (field 15)." in " ".join(text.split())


def test_render_of_a_finished_match_is_the_result() -> None:
    state = position(phase="sprint", positions=[15, 12, 14, 9], first=0, bets=[1, 1, 1, 1],
                     turn=2, scores=[0, 0, 29, 0])
    play(state, "draw", "card 1")
    assert _text(render(state.seen(None))).splitlines() == [
        "Green wins the match with 34 points.", "Final points: Green 34, Yellow 2, Blue 1, Red 0."]


def test_scores_is_a_prompt_command_and_odds_an_advisor_command() -> None:
    from camelcade.cli.hooks import terminal_hooks

    hooks = terminal_hooks("camel-drive")
    assert list(hooks.commands) == ["scores"] and list(hooks.advisor_commands) == ["odds"]
    state = position(scores=[4, 11, 2, 9])
    assert hooks.commands["scores"](state.seen(1)) == "Points towards 30: you 11, Blue 9, Red 4, " \
        "Green 2."


def test_seat_names_are_colours() -> None:
    assert seat_name(game(4), 2) == "Green"
    assert seat_name(game(3), 1) == "Team Green and Blue"


def test_odds_command_gives_every_racing_camel_a_chance() -> None:
    state = play(position(positions=[14, 13, 3, 2]), "draw", "card 1")
    advice = ADVISOR_COMMANDS["odds"](state.seen(0))
    assert "Yellow" in advice and "Red" not in advice.split(":", 1)[1]
    shares = [int(part.split()[-1].rstrip("%.")) for part in advice.split(": ", 1)[1].split(", ")]
    assert 97 <= sum(shares) <= 103
