"""``camelcade ladder``: every game's bots measured against each other, with intervals.

For each game the entrants are ``random``, the generic ``mcts`` at a fixed budget
(:data:`MCTS`) and every bot the game's plug-in declares, at its defaults. They play a
round robin at the game's default player count (fewer bots than seats fill the table in
turn), paired seeds and rotated seats as in any tournament, and the ladder is their
ratings with 95% intervals (Elo for two seats, OpenSkill for more), with win rate and
score beside. Results go to one file per game, so a ladder resumes and grows.

With ``--sprt ELO`` the ladder is climbed instead: the rungs are the game's own, from its
plug-in manifest (``GamePlugin.ladder``, weakest first, each at its stated time a move),
and each rung plays the one below it head-to-head with paired seeds until the lab's SPRT
decides whether it is stronger by ``ELO`` (H0: no stronger); the top rung also plays every
rung under those but ``random``, so the expert meets the generic search directly. Each
step is a tournament of its own (its own results file, so it resumes), and the ladder
gives every step's verdict, the two bots' ratings with intervals and the CPU seconds each
took a move.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from itertools import pairwise
from pathlib import Path
from typing import Protocol

from camelcade.core.errors import OptionError
from camelcade.core.registry import game_ids as all_games
from camelcade.core.registry import load, plugin
from camelcade.core.words import pt, t, tn
from camelcade.sim.document import Block, Heading, Paragraph, Table, to_markdown
from camelcade.sim.entrants import parse_entrants
from camelcade.sim.lab import LabRun, SprtSettings, run_tournament
from camelcade.sim.plan import Tournament, tournament_from_config
from camelcade.sim.ratings import Rating, match_order, rate
from camelcade.sim.report import interval
from camelcade.sim.sprt import Sprt
from camelcade.sim.stats import Standing, summarise
from camelcade.sim.store import lab_info, read_results

MCTS = "mcts:iterations=100"
"""The generic search at a budget every game can afford in a ladder."""


class Screen(Protocol):
    def note(self, text: str) -> None: ...

    def markdown(self, text: str) -> None: ...

    def say(self, text: str = "") -> None: ...


def ladder_entrants(game_id: str) -> list[str]:
    """random, mcts at a fixed budget, then the game's own bots."""
    return ["random", MCTS, *plugin(game_id).bots]


def ladder_rungs(game_id: str) -> list[str]:
    """The rungs a climb tests, weakest first: the game's declared ladder, else the round
    robin's entrants in their order."""
    return list(plugin(game_id).ladder) or ladder_entrants(game_id)


@dataclass
class Step:
    """One rung tested against the one below it."""

    stronger: str
    weaker: str
    run: LabRun


def step_pairs(rungs: Sequence[str]) -> list[tuple[str, str]]:
    """(weaker, stronger) pairs a climb tests: each rung over the one below it, then the
    top rung (the expert) over every rung below those but the first (``random``): the
    expert must beat the generic search directly, wherever the search stands."""
    pairs = list(pairwise(rungs))
    top = rungs[-1]
    pairs += [(lower, top) for lower in rungs[1:-2]]
    return pairs


def climb(game_id: str, rungs: Sequence[str], *, elo: float, games: int, seed: int,
          out: Path, workers: int = 1, scheduler: str | None = None,
          screen: Screen | None = None) -> list[Step]:
    """Test each rung against the one below by SPRT (H0: 0 Elo, H1: ``elo``), at most
    ``games`` games a step; results in ``out/GAME-STEP.jsonl``."""
    if len(rungs) < 2:
        raise OptionError(t("a ladder needs two rungs at least, got {given}",
                            given=", ".join(rungs) or "none"))
    game = load(game_id)
    steps = []
    for number, (weaker, stronger) in enumerate(step_pairs(rungs), start=1):
        entrants = parse_entrants([stronger, weaker], game_id)
        settings = SprtSettings(stronger, weaker, elo0=0.0, elo1=elo)
        tournament = Tournament(game.id, game.options, tuple(entrants), format="head-to-head",
                                seed=seed, sprt=asdict(settings))
        run = run_tournament(tournament, games, out / f"{game_id}-{number}.jsonl",
                             workers=workers, scheduler=scheduler, sprt=settings)
        steps.append(Step(stronger, weaker, run))
        if screen is not None and run.sprt is not None:
            screen.note(t("{game}: {stronger} over {weaker}: {verdict}.", game=game.title,
                          stronger=stronger, weaker=weaker, verdict=run.sprt.verdict()))
    return steps


def climb_blocks(title: str, players: int, steps: Sequence[Step]) -> list[Block]:
    """A climbed ladder as a heading, the test it ran and one table, a row a step."""
    rows = []
    for step in steps:
        ratings = {rating.label: rating for rating in step.run.ratings}
        stronger = step.run.summary.standing(step.stronger)
        weaker = step.run.summary.standing(step.weaker)
        low, high = stronger.score_interval()
        rows.append([t("`{stronger}` over `{weaker}`", stronger=step.stronger,
                       weaker=step.weaker), _verdict(step.run.sprt),
                     str(len(step.run.records)),
                     f"{stronger.score_rate:.0%} ({low:.0%}-{high:.0%})",
                     _rating(ratings.get(step.stronger)), _rating(ratings.get(step.weaker)),
                     f"{_seconds(stronger)} / {_seconds(weaker)}"])
    blocks: list[Block] = [Heading(t("{game} ({players} players)", game=title,
                                     players=players), 3)]
    tested = next((step.run.sprt for step in steps if step.run.sprt is not None), None)
    if tested is not None:
        blocks.append(Paragraph(t(
            "Each step: head-to-head with paired seeds until the SPRT decides whether the "
            "upper bot is stronger by {elo} Elo ({model}; H0: no stronger; α = β = 0.05, "
            "LLR bounds {lower} and {upper}).", elo=f"{tested.elo1:g}", model=tested.model,
            lower=f"{tested.lower:.2f}", upper=f"{tested.upper:.2f}")))
    blocks.append(Table([pt("column: a rung tested against the one below", "Step"), t("SPRT"),
                         pt("column: games played", "Games"),
                         t("Score of the stronger (95%)"), t("Rating of the stronger (95%)"),
                         t("Rating of the weaker (95%)"),
                         t("CPU seconds a move (stronger / weaker)")], rows))
    return blocks


def _verdict(sprt: Sprt | None) -> str:
    """A step's SPRT in a few words: which hypothesis, the LLR and the blocks it took."""
    if sprt is None:
        return "—"
    state = {"H1": t("stronger"), "H0": t("not stronger")}.get(sprt.state, t("undecided"))
    return tn("{state}: LLR {llr} after {count} block",
              "{state}: LLR {llr} after {count} blocks", sprt.samples, state=state,
              llr=f"{sprt.llr:.2f}")


def _rating(rating: Rating | None) -> str:
    if rating is None:
        return "—"
    digits = 0 if rating.method == "elo" else 1
    low, high = f"{rating.low:.{digits}f}", f"{rating.high:.{digits}f}"
    return f"{rating.value:.{digits}f} ({interval(low, high)})"


def _seconds(standing: Standing) -> str:
    mean = standing.seconds_a_move
    return "—" if mean is None else f"{mean:.3f}"


def run_climb(game_ids: Sequence[str] | None, *, elo: float, games: int, seed: int,
              out: Path, workers: int = 1, scheduler: str | None = None,
              screen: Screen | None = None,
              rungs: Mapping[str, Sequence[str]] | None = None) -> dict[str, list[Step]]:
    """Climb each game's ladder (``rungs`` overrides a game's) and write ``ladder.md``."""
    climbed: dict[str, list[Step]] = {}
    for game_id in game_ids or all_games():
        chosen = list((rungs or {}).get(game_id) or ladder_rungs(game_id))
        climbed[game_id] = climb(game_id, chosen, elo=elo, games=games, seed=seed, out=out,
                                 workers=workers, scheduler=scheduler, screen=screen)
    text = write_climbed(climbed, out)
    if screen is not None:
        screen.markdown(text)
        screen.say(t("Ladder written to {path}.", path=out / "ladder.md"))
    return climbed


def write_climbed(climbed: Mapping[str, Sequence[Step]], out: Path) -> str:
    """``out/ladder.md``: a table a game of its climbed steps; returns its text."""
    blocks: list[Block] = [Heading(t("Bot ladder"), 2)]
    for game_id, steps in climbed.items():
        game = load(game_id)
        blocks += climb_blocks(game.title, game.players, steps)
    out.mkdir(parents=True, exist_ok=True)
    text = to_markdown(blocks, out)
    (out / "ladder.md").write_text(text, encoding="utf-8")
    return text


def run_ladder(game_ids: Sequence[str] | None, *, games: int, seed: int, workers: int = 1,
               scheduler: str | None = None, out: Path, screen: Screen | None = None,
               bots: Mapping[str, Sequence[str]] | None = None) -> dict[str, LabRun]:
    """Play each game's ladder (``bots`` overrides the entrants per game) and write
    ``ladder.md`` into ``out``."""
    runs: dict[str, LabRun] = {}
    blocks: list[Block] = [Heading(t("Bot ladder"), 2)]
    chosen = list(game_ids or all_games())
    for game_id in sorted({*chosen, *all_games()}):
        path = out / f"{game_id}.jsonl"
        if game_id not in chosen:
            if path.exists():  # measured by an earlier run into this folder: shown again
                runs[game_id] = from_file(path)
                blocks += ladder_blocks(load(game_id).title, runs[game_id])
            continue
        game = load(game_id)
        texts = list((bots or {}).get(game_id) or ladder_entrants(game_id))
        entrants = parse_entrants(texts, game_id)
        tournament = Tournament(game.id, game.options, tuple(entrants), seed=seed)
        tables = len(tournament.tables())
        run = run_tournament(tournament, games * tables, path, workers=workers,
                             scheduler=scheduler)
        runs[game_id] = run
        blocks += ladder_blocks(game.title, run)
        if screen is not None:
            screen.note(tn("{game}: {count} game ({played} played now).",
                           "{game}: {count} games ({played} played now).", len(run.records),
                           game=game.title, played=run.played))
    out.mkdir(parents=True, exist_ok=True)
    text = to_markdown(blocks, out)
    (out / "ladder.md").write_text(text, encoding="utf-8")
    if screen is not None:
        screen.markdown(text)
        screen.say(t("Ladder written to {path}.", path=out / "ladder.md"))
    return runs


def from_file(path: Path) -> LabRun:
    """A ladder line from a results file alone (its last tournament), playing nothing."""
    results = read_results([path])
    identity, config = list(results.configs.items())[-1]
    records = sorted((r for r in results.records if lab_info(r)["tournament"] == identity),
                     key=match_order)
    tournament = tournament_from_config(config)
    return LabRun(tournament, records, summarise(records, tournament.labels), len(records), 0,
                  len(records), 0.0, ratings=rate(records, tournament.labels), path=path)


def ladder_blocks(title: str, run: LabRun) -> list[Block]:
    ratings = sorted(run.ratings, key=lambda r: -r.value)
    scale = "Elo" if ratings and ratings[0].method == "elo" else "OpenSkill μ"
    rows = []
    for rating in ratings:
        standing = run.summary.standing(rating.label)
        low, high = standing.win_interval()
        rows.append([f"`{rating.label}`", f"{rating.value:.0f}" if scale == "Elo" else
                     f"{rating.value:.1f}",
                     interval(f"{rating.low:.0f}", f"{rating.high:.0f}") if scale == "Elo"
                     else interval(f"{rating.low:.1f}", f"{rating.high:.1f}"),
                     f"{standing.win_rate:.0%} ({low:.0%}-{high:.0%})",
                     f"{standing.score_rate:.0%}", str(standing.games)])
    tournament = run.tournament
    return [Heading(t("{game} ({players} players)", game=title, players=tournament.players), 3),
            Paragraph(tn("{count} game, seed {seed}, {tables} table(s) × {arrangements} seat "
                         "arrangements per seed.",
                         "{count} games, seed {seed}, {tables} table(s) × {arrangements} seat "
                         "arrangements per seed.", len(run.records), seed=tournament.seed,
                         tables=len(tournament.tables()),
                         arrangements=len(tournament.arrangements(tournament.tables()[0])))),
            Table([t("Bot"), scale, t("95% interval"), t("Win rate (95%)"), t("Score"),
                   pt("column: games played", "Games")], rows)]
