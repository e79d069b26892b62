"""Plain-language text of positions and actions, for screen readers, logs and the terminal.

Camels are named by their colour word ("Blue", "crazy White"), spaces by number, stacks
from the bottom ("Space 5: Blue, with Red on top."). Face-down finish cards are named only
to their owner until the game ends.
"""

from __future__ import annotations

from camelcade.core.action import Action
from camelcade.core.types import PlayerId
from camelcade.games.camel_up.actions import LOSER, WINNER, Bet, Die, Overall, Partner, PlaceTile
from camelcade.games.camel_up.board import Movement, apply_move, ranking
from camelcade.games.camel_up.spec import LAST_SPACE, OVER, ROLL, SETUP
from camelcade.games.camel_up.state import CamelUpState

ORDINALS = ("1st", "2nd", "3rd", "4th", "5th")
SIDE_WORDS = {"cheer": "cheering", "boo": "booing", "oasis": "oasis", "mirage": "mirage"}


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def camel_name(state: CamelUpState, unit: str) -> str:
    """'Blue'; a crazy camel is 'crazy White'."""
    return f"crazy {unit.capitalize()}" if unit in state.edition.crazy else unit.capitalize()


def seat_name(seat: PlayerId, player: PlayerId | None) -> str:
    return f"Seat {seat} (you)" if seat == player else f"Seat {seat}"


def stack_words(state: CamelUpState, stack: list[str]) -> str:
    """'Blue', 'Blue, with Red on top', 'Blue, then Green, with Red on top'."""
    names = [camel_name(state, u) for u in stack]
    if len(names) == 1:
        return names[0]
    return ", then ".join(names[:-1]) + f", with {names[-1]} on top"


def tile_words(tile_side: str, owner: PlayerId, player: PlayerId | None) -> str:
    whose = "your" if owner == player else f"Seat {owner}'s"
    return f"{whose} {SIDE_WORDS[tile_side]} tile"


def space_lines(state: CamelUpState, player: PlayerId | None) -> list[str]:
    """One line per occupied space or tile, in track order."""
    track, tiles = state.track(), state.tiles()
    lines = []
    for space in sorted(set(track) | set(tiles)):
        if space in tiles:
            tile = tiles[space]
            lines.append(f"Space {space}: {tile_words(tile.side, tile.owner, player)}.")
            continue
        where = (f"Past the finish line ({space})" if space > LAST_SPACE
                 else f"Carried back over the line ({space})" if space < 1 else f"Space {space}")
        lines.append(f"{where}: {stack_words(state, track[space])}.")
    return lines


def describe_state(state: CamelUpState, player: PlayerId | None) -> str:
    """The position in words, as ``player`` sees it (None: what everyone sees)."""
    edition = state.edition
    players = state.game.players
    lines = [f"Camel Up ({'1st' if edition.number == 1 else '2nd'} edition), "
             f"{players} players, leg {state.leg}. {_status(state, player)}"]
    lines += space_lines(state, player) or ["No camels on the track yet."]
    if state.phase == SETUP:
        return "\n".join(lines)
    order = state.camel_order()
    lines.append("Ranking: " + ", ".join(
        f"{ORDINALS[i]} {c.capitalize()}" for i, c in enumerate(order[:-1]))
        + f", last {order[-1].capitalize()}.")
    out = ", ".join(_die_words(state, colour, value) for colour, value in state.rolled())
    lines.append(f"Pyramid: {', '.join(state.pyramid())} still in; "
                 f"out this leg: {out or 'none'}.")
    stacks = [f"{c.capitalize()} {' '.join(map(str, state.ticket_stack(c))) or 'none'}"
              for c in edition.racing]
    lines.append("Leg tickets left: " + "; ".join(stacks) + ".")
    for seat in range(players):
        lines.append(_seat_line(state, seat, player))
    for pile in (WINNER, LOSER):
        lines.append(_pile_line(state, pile, player))
    if player is not None:
        hand = state.hand(player)
        lines.append("Your finish cards: "
                     + (", ".join(c.capitalize() for c in hand) if hand else "none") + ".")
    return "\n".join(lines)


def _status(state: CamelUpState, player: PlayerId | None) -> str:
    if state.phase == SETUP:
        return "Setting up: the dice place the camels."
    if state.phase == ROLL:
        return f"{seat_name(state.turn, player)} took a pyramid ticket; a die is coming out."
    if state.phase == OVER:
        coins = state.coins()
        names = [seat_name(s, player) for s in state.winners()]
        verb = "wins" if len(names) == 1 else "share the win"
        order = state.camel_order()
        return (f"The game is over: {order[0].capitalize()} won the race and "
                f"{order[-1].capitalize()} came last. {' and '.join(names)} {verb} with "
                f"{plural(max(coins), 'coin')}.")
    return f"It is {seat_name(state.turn, player)}'s turn."


def _die_words(state: CamelUpState, colour: str, value: int) -> str:
    if colour in state.edition.crazy:
        return f"grey {colour} {value}"
    return f"{colour} {value}"


def _seat_line(state: CamelUpState, seat: PlayerId, player: PlayerId | None) -> str:
    tickets = state.tickets(seat)
    held = ", ".join(f"{c.capitalize()} {v}" for c, v in tickets) or "no leg tickets"
    parts = [plural(state.coins()[seat], "coin"), held,
             plural(state.pyramid_tickets(seat), "pyramid ticket")]
    tile = state.tile_of(seat)
    if tile is not None:
        parts.append(f"{SIDE_WORDS[tile.side]} tile on space {tile.space}")
    partner = state.partner(seat)
    if partner is not None:
        parts.append(f"partner {seat_name(partner, player)}")
    parts.append(f"{plural(len(state.hand(seat)), 'finish card')} in hand")
    return f"{seat_name(seat, player)}: " + "; ".join(parts) + "."


def _pile_line(state: CamelUpState, pile: str, player: PlayerId | None) -> str:
    cards = state.pile(pile)
    reveal = state.phase == OVER
    shown = [f"{seat_name(s, player)} "
             + (c.capitalize() if reveal or s == player else "face down") for s, c in cards]
    return (f"Overall {pile} pile ({plural(len(cards), 'card')}, earliest first): "
            + (", ".join(shown) if shown else "empty") + ".")


# -- actions --------------------------------------------------------------------------------


def describe_action(state: CamelUpState, action: Action, player: PlayerId | None) -> str:
    """One sentence for a legal ``action`` in ``state``, as ``player`` may know it."""
    if isinstance(action, Die):
        return _describe_die(state, action)
    actor = seat_name(state.turn, player)
    if isinstance(action, Bet):
        value = state.ticket_stack(action.colour)[0]
        return f"{actor} takes the {action.colour.capitalize()} leg ticket worth {value}."
    if isinstance(action, PlaceTile):
        own = state.tile_of(state.turn)
        verb = f"moves their tile from space {own.space} to" if own else "places their tile on"
        push = state.edition.tile_push(action.side)
        effect = ("moves 1 space further, on top" if push > 0
                  else "moves 1 space back, underneath")
        return (f"{actor} {verb} space {action.space}, {SIDE_WORDS[action.side]} side up "
                f"(a unit landing there pays the owner 1 coin and {effect}).")
    if isinstance(action, Overall):
        what = "to win the race" if action.pile == WINNER else "to come last"
        if player == state.turn:
            return (f"{actor} bets {action.colour.capitalize()} {what}, face down on the "
                    f"overall {action.pile} pile.")
        return f"{actor} puts a finish card face down on the overall {action.pile} pile."
    if isinstance(action, Partner):
        return (f"{actor} forms a partnership with {seat_name(action.seat, player)} "
                f"until the end of this leg.")
    return f"{actor} takes a pyramid ticket (1 coin at leg scoring) and a die comes out."


def _describe_die(state: CamelUpState, die: Die) -> str:
    crazy = die.colour in state.edition.crazy
    shows = (f"The grey die shows {die.colour} {die.value}" if crazy
             else f"The {die.colour.capitalize()} die shows {die.value}")
    if state.phase == SETUP:
        space = state.setup_space(die)
        below = state.track().get(space, [])
        onto = f", on top of {camel_name(state, below[-1])}" if below else ""
        return f"Setup: {shows.lower()[0]}{shows[1:]}: {camel_name(state, die.colour)} " \
               f"goes on space {space}{onto}."
    movement = state.movement_of(die)
    sentence = f"{shows}: {_grey_reason(state, die, movement)}{movement_words(state, movement)}"
    if movement.crossed:
        order = _ranking_after(state, movement)
        return (f"{sentence} The game ends: {order[0].capitalize()} wins the race, "
                f"{order[-1].capitalize()} comes last.")
    if len(state.rolled()) + 1 == state.edition.rolls_per_leg:
        order = _ranking_after(state, movement)
        return (f"{sentence} The leg ends: {order[0].capitalize()} first, "
                f"{order[1].capitalize()} second.")
    return sentence


def _grey_reason(state: CamelUpState, die: Die, movement: Movement) -> str:
    """Why the other crazy camel moves, when the grey die's exceptions apply."""
    if die.colour not in state.edition.crazy or movement.mover == die.colour:
        return ""
    carries = any(u in state.edition.racing for u in movement.group)
    why = "it carries racing camels" if carries else "it sits on the other crazy camel"
    return f"{camel_name(state, movement.mover)} moves instead, as {why}. "


def _ranking_after(state: CamelUpState, movement: Movement) -> list[str]:
    track = state.track()
    apply_move(track, movement)
    return ranking(track, state.edition.racing)


def movement_words(state: CamelUpState, movement: Movement) -> str:
    """'Blue moves 2 to space 7, onto Red.' with carried camels, tiles and crossings."""
    name = camel_name(state, movement.mover)
    carried = [camel_name(state, u) for u in movement.group[1:]]
    carrying = f" carrying {', '.join(carried)}" if carried else ""
    way = "back " if movement.direction < 0 else ""
    parts = [f"{name}{carrying} moves {movement.steps} {way}from space {movement.start}"]
    if movement.tile is not None:
        tile = movement.tile
        push = state.edition.tile_push(tile.side)
        parts.append(f"onto Seat {tile.owner}'s {SIDE_WORDS[tile.side]} tile on space "
                     f"{movement.landing} (Seat {tile.owner} gains 1 coin), which sends it "
                     f"{'1 further' if push > 0 else '1 back'}")
    if movement.crossed:
        direction = "backwards " if movement.end < 1 else ""
        parts.append(f"{direction}across the finish line")
        return ", ".join(parts) + "."
    target = f"to space {movement.end}"
    if movement.joined:
        below = camel_name(state, movement.joined[-1] if movement.on_top else movement.joined[0])
        target += f", onto {below}" if movement.on_top else f", underneath {below}"
    parts.append(target)
    return ", ".join(parts) + "."

