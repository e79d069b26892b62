"""Tournament plans: tables per format, the seat arrangements that matter, seed blocks."""

from __future__ import annotations

import pytest

import camelcade as cc
from camelcade.sim.entrants import parse_entrant, parse_entrants, parse_value
from camelcade.sim.plan import Tournament, derive_seed


def tournament(game: str, players: int, bots: str, **kw: object) -> Tournament:
    loaded = cc.load(game, players=players)
    return Tournament(loaded.id, loaded.options,
                      tuple(parse_entrants(bots.split(","), loaded.id)), **kw)  # type: ignore[arg-type]


def labels(table: tuple[object, ...]) -> list[str]:
    return [e.label for e in table]  # type: ignore[attr-defined]


def test_one_table_plays_every_distinct_permutation_once() -> None:
    t = tournament("camel-up", 4, "camel-up-ev,mcts,random,random")
    assert [labels(x) for x in t.tables()] == [["camel-up-ev", "mcts", "random", "random"]]
    orders = [tuple(labels(a)) for a in t.arrangements(t.tables()[0])]
    assert len(orders) == 12 == len(set(orders))  # 4! / 2!: the two randoms interchangeable
    for seat in range(4):
        assert sum(order[seat] == "camel-up-ev" for order in orders) == 3
    assert t.games_per_seed() == 12
    assert t.seeds_for(400) == 34  # rounded up to whole blocks: 408 games


def test_round_robin_gauntlet_and_head_to_head_tables() -> None:
    rr = tournament("kamelen", 2, "random,first,mcts")
    assert sorted(sorted(labels(x)) for x in rr.tables()) == [
        ["first", "mcts"], ["first", "random"], ["mcts", "random"]]
    gauntlet = tournament("kamelen", 2, "mcts,random,first", format="gauntlet")
    assert [labels(x) for x in gauntlet.tables()] == [["mcts", "random"], ["mcts", "first"]]
    h2h = tournament("camel-up", 4, "mcts,random", format="head-to-head")
    assert [labels(x) for x in h2h.tables()] == [["mcts", "random", "mcts", "random"]]
    assert len(h2h.arrangements(h2h.tables()[0])) == 6
    with pytest.raises(cc.OptionError, match="head-to-head takes exactly two"):
        tournament("kamelen", 2, "mcts,random,first", format="head-to-head")


def test_many_seats_fall_back_to_rotations() -> None:
    t = tournament("camel-up", 8, "random,first,mcts,camel-up-ev,mcts:iterations=5,"
                   "mcts:iterations=6,mcts:iterations=7,mcts:iterations=8")
    orders = t.arrangements(t.tables()[0])
    assert len(orders) == 8  # 8! permutations would be 40320
    for seat in range(8):
        assert len({labels(order)[seat] for order in orders}) == 8
    everything = tournament("camel-up", 5, "random,first,mcts,camel-up-ev,mcts:iterations=5",
                            seating="all")
    assert len(everything.arrangements(everything.tables()[0])) == 120


def test_a_seed_block_shares_one_seed_and_names_every_match() -> None:
    t = tournament("kamelen", 2, "random,first", seed=9)
    matches = list(t.matches(3))
    assert [m.key for m in matches] == ["0.0.0", "0.0.1", "0.1.0", "0.1.1", "0.2.0", "0.2.1"]
    assert matches[0].seed == matches[1].seed == derive_seed(9, 0)
    assert matches[2].seed != matches[0].seed
    assert [labels(m.seats) for m in matches[:2]] == [["random", "first"], ["first", "random"]]


def test_identity_changes_with_what_fixes_the_games_only() -> None:
    base = tournament("kamelen", 2, "random,first", seed=1)
    assert base.identity() == tournament("kamelen", 2, "random,first", seed=1).identity()
    assert base.identity() != tournament("kamelen", 2, "random,first", seed=2).identity()
    assert base.identity() != tournament("kamelen", 2, "first,random", seed=1).identity()
    assert base.identity() == tournament("kamelen", 2, "random,first", seed=1,
                                         sprt={"elo1": 5}).identity()


def test_entrant_specs_and_their_errors() -> None:
    spec = parse_entrant("mcts:iterations=50:time_limit=none", "kamelen")
    assert (spec.bot, dict(spec.settings)) == ("mcts", {"iterations": 50, "time_limit": None})
    assert not spec.timed()
    assert parse_entrant("mcts:time_limit=0.5", "kamelen").timed()
    assert [parse_value(v) for v in ("true", "7", "0.25", "x")] == [True, 7, 0.25, "x"]
    with pytest.raises(cc.OptionError, match="no bot 'nope' for kamelen; its bots are"):
        parse_entrant("nope", "kamelen")
    with pytest.raises(cc.OptionError, match="has no setting depth; its settings are: seed"):
        parse_entrant("random:depth=3", "kamelen")
    with pytest.raises(cc.OptionError, match="key=value after a colon"):
        parse_entrant("mcts:50", "kamelen")
    with pytest.raises(cc.OptionError, match="has no level 'expert'; its levels are: @easy"):
        parse_entrant("@expert", "kamelen")
    hard = parse_entrant("@hard", "kamelen")
    assert hard.bot == "kamelen-search" and hard.timed()
