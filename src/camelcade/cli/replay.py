"""``camelcade replay``: watch a recorded game again, every action with what it did.

A replay is for looking back, so it is told from the all-seeing seat: each line shows the
action's own text (``draw oasis2`` names the card) beside its public sentence ("Red draws a
card."), which names who acted. Records come from files, so the whole record is checked
before anything is shown, and a bad action is reported by its index.
"""

from __future__ import annotations

from pathlib import Path

from camelcade.cli.hooks import TerminalHooks, terminal_hooks
from camelcade.cli.render import Screen
from camelcade.core.errors import StateError
from camelcade.core.game import Game, State
from camelcade.core.results import place_word, result_sentence
from camelcade.core.words import N_, and_list, t, tn, translate
from camelcade.records import Record, replay

STEP_PROMPT = N_("Enter: next action, b: board, q: quit. ")


def seat_labels(game: Game, record: Record, hooks: TerminalHooks) -> list[str]:
    """"Red (human)", "Yellow (random)": seat names with who played them."""
    return [f"{hooks.seat_name(game, seat)} ({record.players[seat]})"
            for seat in range(game.players)]


def run_replay(path: Path, screen: Screen, *, step: bool = False) -> State:
    """Show the record at ``path`` action by action, then the final position and result."""
    record = Record.load(path)
    game = record.load_game()
    if len(record.players) != game.players:
        raise StateError(tn(
            "The record {path} names {count} player for a {players}-player game.",
            "The record {path} names {count} players for a {players}-player game.",
            len(record.players), path=repr(str(path)), players=game.players))
    try:
        replay(record)  # check every action (and the result) before showing any
    except StateError as error:
        raise StateError(t("The record {path}: {reason}", path=repr(str(path)),
                           reason=error)) from None
    hooks = terminal_hooks(game.id)
    labels = seat_labels(game, record, hooks)
    screen.heading(tn("Replay of {game}, {count} player", "Replay of {game}, {count} players",
                      game.players, game=game.title))
    screen.say(t("Seats: {seats}.", seats=and_list(labels)))
    actions = tn("{count} action.", "{count} actions.", len(record.actions))
    screen.note(actions if record.seed is None
                else t("{actions} Seed {seed}.", actions=actions, seed=record.seed))
    state = replay(record, upto=0)  # the initial state, or the record's set-up start
    for number, text in enumerate(record.actions, 1):
        action = state.check_action(text)
        # TRANSLATORS: one action of a replay: its number, its notation, what it did.
        screen.say(t("{number}. {action} — {sentence}", number=number, action=text,
                     sentence=state.describe_action(action, None)))
        state.apply(action)
        if step and not _wait(screen, state, hooks):
            screen.say(t("Replay stopped after action {number}.", number=number))
            return state
    _show_result(screen, state, record, labels, hooks)
    return state


def _wait(screen: Screen, state: State, hooks: TerminalHooks) -> bool:
    """Wait for Enter; False when the viewer quits (``q`` or end of input)."""
    while True:
        answer = screen.ask(translate(STEP_PROMPT))
        if answer is None:
            return False
        word = answer.strip().lower()
        if word in ("q", "quit", "exit"):
            return False
        if word in ("b", "board"):
            screen.board(state.seen(None), hooks)
            continue
        return True


def _show_result(
    screen: Screen, state: State, record: Record, labels: list[str], hooks: TerminalHooks
) -> None:
    if not state.is_terminal():
        screen.heading(t("Position at the end of the record"))
        screen.board(state.seen(None), hooks)
        screen.say(tn("The record stops after {count} action; the game was not finished.",
                      "The record stops after {count} actions; the game was not finished.",
                      len(record.actions)))
        return
    scores, ranking = state.returns(), state.ranking()
    screen.heading(t("The game is over"))
    screen.board(state.seen(None), hooks)
    rows = [[labels[seat], f"{scores[seat]:g}", place_word(seat, ranking)]
            for seat in range(len(scores))]
    screen.table(t("Final scores"), [t("Seat"), t("Score"), t("Result")], rows)
    screen.say(result_sentence(labels, ranking, scores))
