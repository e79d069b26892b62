"""Every game's encoding: a fixed action index, a mask equal to the legal actions at every
step, tensors within their declared bounds, and nothing in a tensor a seat may not see."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import camelcade as cc
from camelcade.core import CamelcadeError, sample_chance
from camelcade.core.encoding import (
    ActionGroup,
    ActionIndex,
    Block,
    GameEncoding,
    TensorLayout,
    describe_encoding,
    encoding_for,
)
from camelcade.rl.aec import env as aec_env
from camelcade.rl.table import observation_tensor, rank_rewards
from tests.rl.support import CASES, VARIANTS, case_id

ROOT = Path(__file__).resolve().parents[2]
MASK_STEPS = 3000
"""Random steps per game and player count in which the mask must equal the legal actions
(with the variants, 75,000 steps in all)."""


def _variant(case: tuple[Any, ...]) -> tuple[str, int, dict[str, Any]]:
    return (case[0], case[1], case[2] if len(case) > 2 else {})


@pytest.mark.parametrize("case", CASES + VARIANTS, ids=case_id)
def test_the_mask_is_exactly_the_legal_actions_at_every_step(case: tuple[Any, ...]) -> None:
    game_id, players, options = _variant(case)
    env = aec_env(game_id, players=players, **options)
    texts = env.table.encoding.actions.texts
    steps, games = 0, 0
    env.reset(seed=players)
    rng = np.random.default_rng(players)
    while steps < MASK_STEPS:
        agent = env.agent_selection
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            if not env.agents:
                games += 1
                env.reset()
            continue
        state = env.game_state
        legal = state.legal_actions()
        mask = observation["action_mask"]
        assert mask.dtype == np.int8 and mask.shape == (len(texts),)
        chosen = np.flatnonzero(mask)
        assert sorted(texts[i] for i in chosen) == sorted(str(a) for a in legal)
        assert len(chosen) == len(legal)
        index = int(rng.choice(chosen))
        before = len(state.history)
        env.step(index)
        assert str(env.game_state.history[before]) == texts[index], agent
        steps += 1
    assert steps == MASK_STEPS


@pytest.mark.parametrize("case", CASES + VARIANTS, ids=case_id)
def test_tensors_stay_in_bounds_and_see_nothing_hidden(case: tuple[Any, ...]) -> None:
    """Resampling everything a seat cannot see (``determinize``) leaves its tensor equal;
    every tensor, terminal ones included, has the layout's size and bounds."""
    game_id, players, options = _variant(case)
    game = cc.load(game_id, players=players, **options)
    encoding = encoding_for(game)
    low, high = (np.array(b, dtype=np.float32) for b in encoding.layout.bounds())
    rng = random.Random(7)
    state = game.new_state()
    step = 0
    while not state.is_terminal() and step < 600:
        if step % 20 == 0 or state.is_terminal():
            for seat in range(players):
                tensor = observation_tensor(encoding, state, seat)
                assert tensor.shape == (encoding.layout.size,) and tensor.dtype == np.float32
                assert np.all(tensor >= low) and np.all(tensor <= high)
                redrawn = game.determinize(state, seat, rng)
                assert np.array_equal(observation_tensor(encoding, redrawn, seat), tensor)
        state.apply(sample_chance(state, rng) if state.is_chance()
                    else rng.choice(state.legal_actions()))
        step += 1
    for seat in range(players):
        tensor = observation_tensor(encoding, state, seat)
        assert np.all(tensor >= low) and np.all(tensor <= high)


@pytest.mark.parametrize("game_id", cc.game_ids())
def test_the_tensor_names_the_observing_seat(game_id: str) -> None:
    game = cc.load(game_id)
    encoding = encoding_for(game)
    state = game.new_state()
    rng = random.Random(1)
    while state.is_chance():
        state.apply(sample_chance(state, rng))
    start = encoding.layout.offset["seat"]
    for seat in range(game.players):
        tensor = observation_tensor(encoding, state, seat)
        assert list(tensor[start:start + game.players]) == [float(s == seat)
                                                            for s in range(game.players)]


def test_a_seats_own_secret_reaches_its_tensor_and_no_one_elses() -> None:
    """Camel Up: a face-down finish card is in its owner's tensor only."""
    game = cc.load("camel-up", players=4)
    state = game.new_state()
    rng = random.Random(3)
    while state.is_chance():
        state.apply(sample_chance(state, rng))
    encoding = encoding_for(game)
    before = [observation_tensor(encoding, state, seat) for seat in range(4)]
    state.apply("winner red")  # seat 0 lays its red card face down
    after = [observation_tensor(encoding, state, seat) for seat in range(4)]
    mine = encoding.layout.offset["pile_mine"]
    colour = ("blue", "green", "yellow", "red", "purple").index("red")
    assert after[0][mine + colour] > 0 and before[0][mine + colour] == 0
    for seat in (1, 2, 3):
        redrawn = game.determinize(state, seat, rng)
        assert np.array_equal(observation_tensor(encoding, redrawn, seat), after[seat])
        assert after[seat][mine + colour] == 0


def test_an_unknown_action_text_is_refused_naming_it() -> None:
    encoding = encoding_for(cc.load("camel-up"))
    with pytest.raises(CamelcadeError, match="'bet pink' has no index"):
        encoding.actions.index_of_text("bet pink")


def test_an_action_index_refuses_a_text_twice_and_a_layout_a_name_twice() -> None:
    with pytest.raises(ValueError, match="listed twice"):
        ActionIndex([ActionGroup("a", ("x", "y")), ActionGroup("b", ("x",))])
    with pytest.raises(ValueError, match="declared twice"):
        TensorLayout([Block("a", (2,), ""), Block("a", (3,), "")])


def test_the_markdown_tables_escape_bars_and_show_one_index_as_a_number() -> None:
    encoding = GameEncoding(
        actions=ActionIndex([ActionGroup("go a|b", ("go a", "go b"), "a or b"),
                             ActionGroup("pass", ("pass",))]),
        chance=ActionIndex([]),
        layout=TensorLayout([Block("flag", (1,), "on | off")]),
        encode=lambda observation, out: None)
    text = describe_encoding(encoding)
    assert "| 0-1 | `go a\\|b` | 2 | `go a`, `go b` (a or b) |" in text
    assert "| 2 | `pass` | 1 | `pass` |" in text
    assert "| on \\| off |" in text and "No chance outcomes." in text


def test_rank_rewards_are_zero_sum_and_respect_ties() -> None:
    assert rank_rewards([[2], [0], [1]], 3) == [0.0, -1.0, 1.0]
    assert rank_rewards([[0, 1], [2], [3]], 4) == [2 / 3, 2 / 3, -1 / 3, -1.0]
    assert rank_rewards([[0, 1]], 2) == [0.0, 0.0]
    for ranking in ([[3], [1, 2], [0]], [[0], [1], [2], [3], [4]], [[0, 1, 2]]):
        players = sum(len(group) for group in ranking)
        assert sum(rank_rewards(ranking, players)) == pytest.approx(0.0)


def test_the_encoding_docs_are_generated_for_every_game_as_the_code_builds_them(
    tmp_path: Path,
) -> None:
    out = tmp_path / "docs" / "rl-encodings.md"
    made = subprocess.run([sys.executable, "-m", "camelcade.rl.docs", "--out", str(out)],
                          capture_output=True, text=True, timeout=300)
    assert made.returncode == 0, made.stderr
    text = out.read_text(encoding="utf-8")
    for game_id in cc.game_ids():
        assert f"(`{game_id}`)" in text
        assert describe_encoding(encoding_for(cc.load(game_id))) in text, game_id


def test_the_encoding_docs_are_not_kept_in_the_repository() -> None:
    assert not (ROOT / "docs" / "rl-encodings.md").exists() or \
        "docs/rl-encodings.md" in (ROOT / ".gitignore").read_text(encoding="utf-8")
    assert "| index | action |" not in (ROOT / "docs" / "rl.md").read_text(encoding="utf-8")


def test_the_rl_package_names_no_game() -> None:
    names = set()
    for manifest in cc.plugins():
        names |= {manifest.id, manifest.package.rpartition(".")[2],
                  manifest.game.target.rpartition(":")[2]}
    pattern = re.compile("|".join(re.escape(name) for name in sorted(names)))
    folder = Path(cc.__file__).resolve().parent / "rl"
    found = [f"{path.name}:{number}: {line.strip()}"
             for path in sorted(folder.glob("*.py"))
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if pattern.search(line)]
    assert found == []


def test_import_camelcade_imports_no_learning_library_and_encodings_need_no_numpy() -> None:
    code = ("import sys, camelcade, camelcade.core.encoding, camelcade.core.board_svg; "
            "import camelcade.games.camel_up.rl; "
            "print(sorted(m for m in ('numpy', 'gymnasium', 'pettingzoo', 'pyspiel') "
            "if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, cwd=ROOT)
    assert done.stdout.strip() == "[]"
