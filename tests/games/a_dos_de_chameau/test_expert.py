"""The expert: its evaluator (progress, card counting, timing), the ``a-dos-expert`` bot,
its honesty about hidden cards, and its place in the manifest, the lab and the CLI."""

from __future__ import annotations

import random

import pytest
from typer.testing import CliRunner

import camelcade as cc
from camelcade.bots.ismcts import ISMCTSBot
from camelcade.bots.slots import build_evaluator, evaluator_names
from camelcade.bots.tree import Node
from camelcade.cli.main import app
from camelcade.core.chance import sample_chance
from camelcade.core.errors import OptionError
from camelcade.core.game import State
from camelcade.core.view import LiveView
from camelcade.games.a_dos_de_chameau.bots import DEFAULT_TIME, ADosExpertBot
from camelcade.games.a_dos_de_chameau.cards import cards_of
from camelcade.games.a_dos_de_chameau.expert import ExpertEvaluator, Weights
from camelcade.games.a_dos_de_chameau.spec import CARD_RANK
from camelcade.games.a_dos_de_chameau.state import ADosState
from camelcade.sim.entrants import parse_entrant

from .helpers import GAME_ID, game, position


def values_after(state: ADosState, action: str, seat: int = 0) -> float:
    """The evaluator's value for ``seat`` of ``state`` after ``action``."""
    after = state.clone()
    after.apply(action)
    return ExpertEvaluator().values(after)[seat]


def root_figures(root: Node | None) -> dict[str, tuple[int, int, float]]:
    assert root is not None
    return {str(a): (e.visits, e.available, round(e.total, 9)) for a, e in root.edges.items()}


# -- the evaluator ------------------------------------------------------------------------

def test_values_are_rank_shares_that_favour_the_seat_clearly_ahead() -> None:
    """Red has two camels deep in the oasis, Yellow none near it: Red's value is near 1.
    With two seats the values are complementary, as rank rewards are."""
    ahead = position([[33, 35, 20], [0, 0, 5]], ["oasis1 oasis2 oasis3", "oasis1 oasis2 oasis3"])
    values = ExpertEvaluator().values(ahead)
    assert values[0] > 0.9 > 0.1 > values[1]
    assert values[0] + values[1] == pytest.approx(1.0)
    level = position([[0, 0, 0], [0, 0, 0]], ["oasis1 oasis2 oasis3", "oasis1 oasis2 oasis3"])
    assert ExpertEvaluator().values(level) == pytest.approx([0.5, 0.5])


def test_values_stay_within_0_and_1_over_random_games_of_four() -> None:
    evaluator = ExpertEvaluator()
    rng = random.Random(5)
    for _ in range(4):
        state = game(4).new_state()
        while not state.is_terminal():
            assert isinstance(state, ADosState)
            values = evaluator.evaluate(state.clone(), rng)
            assert len(values) == 4 and all(0.0 <= value <= 1.0 for value in values)
            if state.is_chance():
                state.apply(sample_chance(state, rng))
            else:
                legal = state.legal_actions()
                priors = evaluator.priors(state, legal)
                assert priors is not None and len(priors) == len(legal)
                assert all(0.0 <= weight <= 1.0 for weight in priors)
                state.apply(rng.choice(legal))


def test_progress_counts_empty_spaces_only() -> None:
    """A camel on 20 behind a crowd on 21-27 is three palms from the oasis, not eleven: it
    is worth more than the same camel with the crowd behind it instead."""
    crowded = position([[0, 0, 20], [21, 22, 23], [24, 25, 26]],
                       ["oasis1 oasis2 oasis3"] * 3)
    open_road = position([[0, 0, 20], [11, 12, 13], [14, 15, 16]],
                         ["oasis1 oasis2 oasis3"] * 3)
    evaluator = ExpertEvaluator()
    assert evaluator.expected_points(crowded)[0] > evaluator.expected_points(open_road)[0]


def test_card_counting_the_played_piles_changes_the_value() -> None:
    """The same table twice; Yellow has played its 4-palm card and its caravan leader in
    one, two weak cards in the other. Counting the face-up piles, Yellow's remaining
    cards are weaker in the first, and so is its value (and Red's is higher)."""
    camels = [[0, 5, 12], [0, 8, 14]]
    hands = ["oasis1 oasis2 mirage1", "oasis1 oasis2 mirage1"]
    strong_spent = position(camels, hands, discards=["oasis1 storm", "oasis4 leader"])
    weak_spent = position(camels, hands, discards=["oasis1 storm", "mirage2 storm"])
    evaluator = ExpertEvaluator()
    assert evaluator.values(strong_spent)[1] < evaluator.values(weak_spent)[1] - 0.05
    assert evaluator.values(strong_spent)[0] > evaluator.values(weak_spent)[0]


def test_the_value_reads_only_what_card_counting_tells() -> None:
    """Another seat's hand is the determinisation's guess; only its hand and pile together
    (its twelve cards less those played face up) are known. Two positions that split
    Yellow's unplayed cards differently are worth exactly the same, and so are their
    priors."""
    camels = [[0, 5, 12], [0, 8, 14]]
    one = position(camels, ["oasis1 oasis2 mirage1", "oasis4 leader mirage3"],
                   discards=["oasis1 storm", "oasis2"])
    other = position(camels, ["oasis1 oasis2 mirage1", "oasis1 oasis1 storm"],
                     discards=["oasis1 storm", "oasis2"])
    assert one.observation(0) == other.observation(0)
    evaluator = ExpertEvaluator()
    assert evaluator.values(one) == evaluator.values(other)
    legal = one.legal_actions()
    assert evaluator.priors(one, legal) == evaluator.priors(other, legal)


def test_a_held_leader_waits_for_the_front_to_near_the_oasis() -> None:
    """Red's camels are all in town. With the race's front on 8 the leader's jump is short,
    and keeping it is worth more than playing it; with the front on 26 the jump pays."""
    hands = ["leader oasis2 oasis1", "oasis1 oasis2 oasis3"]
    early = position([[0, 0, 0], [0, 0, 8]], hands)
    assert values_after(early, "leader 0") < values_after(early, "oasis2 0")
    late = position([[0, 0, 0], [0, 0, 26]], hands)
    assert values_after(late, "leader 0") > values_after(late, "oasis2 0")


@pytest.mark.parametrize(("target", "expected"), [(30, "mirage3 30"), (6, "oasis")])
def test_the_bot_spends_its_mirage_when_it_stops_the_game_ending(target: int,
                                                                 expected: str) -> None:
    """Three seats, one oasis space (36) left. With Yellow's camel on 30, its next oasis 1
    would fill it and end the game with Red tied last but one: Red's mirage pushes it
    back. With that camel far back on 6 the mirage would be wasted: Red moves on."""
    state = position([[32, 34, 20], [target, 0, 0], [31, 33, 35]],
                     ["mirage3 oasis4 oasis3", "oasis1 oasis2 oasis3", "oasis1 oasis2 oasis3"])
    chosen = str(ADosExpertBot(iterations=1000, seed=1).choose(state.view(0)))
    assert chosen.startswith(expected)


def test_a_rollout_plays_random_steps_before_the_value_is_read() -> None:
    """``rollout=10``: ten random steps (draws included) on the search's copy, then the
    value of where they led; with ``rollout=0`` the copy is left as it was."""
    start = position([[0, 3, 9], [0, 5, 12]], ["oasis2 mirage2 leader", "oasis1 oasis3 storm"])
    played = start.clone()
    values = ExpertEvaluator(Weights(rollout=10)).evaluate(played, random.Random(3))
    assert len(played.history) == len(start.history) + 10
    assert list(values) == ExpertEvaluator().values(played)
    untouched = start.clone()
    static = ExpertEvaluator(Weights(rollout=0)).evaluate(untouched, random.Random(3))
    assert untouched.to_json() == start.to_json()
    assert list(static) == ExpertEvaluator().values(start)


def test_bad_weights_are_refused_saying_what_is_allowed() -> None:
    with pytest.raises(OptionError, match="carry must be a number of at least 0"):
        Weights(carry=-1.0)
    with pytest.raises(OptionError, match="spread must be a number above 0"):
        Weights(spread=0.0, spread_per_space=0.0)
    with pytest.raises(OptionError, match="rollout must be a whole number of at least 0"):
        Weights(rollout=1.5)  # type: ignore[arg-type]
    with pytest.raises(OptionError, match="no setting"):
        cc.bots.load("a-dos-expert", carri=0.5)


# -- the bot ------------------------------------------------------------------------------

def play_game(players: int, seed: int, iterations: int = 30) -> list[str]:
    """A game of expert bots, each choice checked against the legal actions; its history."""
    the_game = game(players)
    bots = [ADosExpertBot(iterations=iterations) for _ in range(players)]
    for seat, bot in enumerate(bots):
        bot.begin(the_game, seat, seed * 10 + seat)
    rng = random.Random(seed)
    state = the_game.new_state()
    steps = 0
    while not state.is_terminal():
        steps += 1
        assert steps < 3000
        if state.is_chance():
            state.apply(sample_chance(state, rng))
            continue
        seat = state.current_player
        action = bots[seat].choose(state.view(seat))
        assert action in state.legal_actions()
        state.apply(action)
    return state.history_for(None)


def test_the_bot_plays_legal_moves_to_the_end_and_repeats_from_its_seed() -> None:
    first = play_game(3, seed=2)
    assert first == play_game(3, seed=2)
    assert first != play_game(3, seed=3)


def test_a_fixed_budget_gives_the_same_search() -> None:
    state = position([[0, 3, 9], [0, 5, 12], [0, 0, 7]],
                     ["oasis2 mirage2 leader", "oasis1 oasis3 storm", "oasis4 mirage1 oasis2"])
    searches = []
    for _ in range(2):
        bot = ADosExpertBot(iterations=400, seed=9)
        move = str(bot.choose(state.view(0)))
        assert bot.last is not None and bot.last.iterations == 400
        searches.append((move, root_figures(bot.tree)))
    assert searches[0] == searches[1]


def test_time_limit_auto_is_half_a_second_unless_iterations_are_given() -> None:
    assert ADosExpertBot().time_limit == DEFAULT_TIME
    assert ADosExpertBot().iterations is None
    counted = ADosExpertBot(iterations=50)
    assert counted.time_limit is None and counted.iterations == 50
    cpu = ADosExpertBot(time_limit=0.2, clock="cpu")
    assert cpu.time_limit == 0.2 and cpu.budget.clock == "cpu"
    with pytest.raises(OptionError, match="time_limit"):
        ADosExpertBot(time_limit="soon")


class PeekingView(LiveView):
    """A view that cheats: its samples are the true position (the control below)."""

    __slots__ = ()

    def sample_state(self, rng: random.Random) -> State:
        assert self._source is not None
        return self._source._position_copy()


def _sorted_resample(self: ADosState, player: int, rng: random.Random) -> None:
    """The game's redeal, from the unseen cards in card order: the sampler's output then
    depends only on what ``player`` knows (the game's own keeps the true hand's order)."""
    hands, piles = self._hands, self._piles
    for seat in range(len(hands)):
        hand, pile = hands[seat], piles[seat]
        if seat == player or not (hand.size and pile.size):
            continue
        unseen = sorted([*hand.cards, *pile.cards], key=CARD_RANK.__getitem__)
        rng.shuffle(unseen)
        hands[seat] = cards_of(unseen[:hand.size])
        piles[seat] = cards_of(unseen[hand.size:])
    self._legal_cache = None
    self._legal_lookup = None


def test_the_bot_never_reads_the_others_hidden_hands(monkeypatch: pytest.MonkeyPatch) -> None:
    """Yellow, about to fill the oasis, holds the card that does it in one position and
    not in the other; Red's view of the two is the same. The expert's search — its move
    and every statistic of its root — is the same in both, so nothing hidden was read;
    the same search fed the true positions tells them apart (the control)."""
    monkeypatch.setattr(ADosState, "_resample", _sorted_resample)
    camels = [[32, 34, 20], [30, 0, 0], [31, 33, 35]]
    red, blue = "mirage3 oasis4 oasis3", "oasis1 oasis2 oasis3"
    holding = position(camels, [red, "oasis1 oasis2 oasis3", blue])
    without = position(camels, [red, "oasis2 oasis3 oasis4", blue])
    assert holding.observation(0) == without.observation(0)
    honest, cheating = [], []
    for state in (holding, without):
        bot = ADosExpertBot(iterations=600, seed=4)
        honest.append((str(bot.choose(state.view(0))), root_figures(bot.tree)))
        cheat = ADosExpertBot(iterations=600, seed=4)
        peeking = PeekingView(state, 0, 0, tuple(state.legal_actions()))
        cheating.append((str(cheat.choose(peeking)), root_figures(cheat.tree)))
    assert honest[0] == honest[1]
    assert cheating[0] != cheating[1]


# -- the manifest, the lab and the command line -------------------------------------------

def test_the_manifest_declares_the_bot_its_levels_and_the_evaluator() -> None:
    assert "a-dos-expert" in cc.bots.names(GAME_ID)
    assert "a-dos-expert" not in cc.bots.names("camel-up")
    levels = cc.bots.levels(GAME_ID)
    assert list(levels) == ["easy", "medium", "hard"]
    assert levels["easy"].bot == "eager" and levels["easy"].settings["judge"] == "expert"
    assert levels["hard"].bot == "a-dos-expert" and levels["hard"].settings["time_limit"] < 1
    assert all(level.description for level in levels.values())
    medium = cc.bots.load_level(GAME_ID, "medium")
    assert isinstance(medium, ADosExpertBot) and medium.time_limit is None  # it repeats
    assert "expert" in evaluator_names(game(4))
    built = build_evaluator("expert", game(4), rollout_limit=400, reward="rank")
    assert isinstance(built, ExpertEvaluator)


def test_ismcts_can_borrow_the_expert_evaluator_by_name() -> None:
    state = position([[0, 3, 9], [0, 5, 12]], ["oasis2 mirage2 leader", "oasis1 oasis3 storm"])
    bot = ISMCTSBot(iterations=100, seed=1, evaluator="expert")
    assert bot.choose(state.view(0)) in state.legal_actions()
    assert isinstance(bot._evaluator, ExpertEvaluator)


def test_the_lab_reads_the_bot_and_its_settings() -> None:
    entrant = parse_entrant("a-dos-expert:time_limit=0.05:clock=cpu", GAME_ID)
    built = entrant.build()
    assert isinstance(built, ADosExpertBot) and entrant.timed()
    assert built.budget.clock == "cpu" and built.time_limit == 0.05
    counted = parse_entrant("a-dos-expert:iterations=50:carry=0.5", GAME_ID)
    assert not counted.timed()


def test_camelcade_list_names_the_bot() -> None:
    result = CliRunner().invoke(app, ["list", "--plain"])
    assert result.exit_code == 0
    bots_line = next(line for line in result.output.splitlines() if line.startswith("Bots:"))
    assert "a-dos-expert" in bots_line
