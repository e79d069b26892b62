"""``camelcade ladder``: every game's bots measured against each other, with intervals.

For each game the entrants are ``random``, the generic ``mcts`` at a fixed budget
(:data:`MCTS`) and every bot the game's plug-in declares, at its defaults. They play a
round robin at the game's default player count (fewer bots than seats fill the table in
turn), paired seeds and rotated seats as in any tournament, and the ladder is their
ratings with 95% intervals (Elo for two seats, OpenSkill for more), with win rate and
score beside. Results go to one file per game, so a ladder resumes and grows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Protocol

from camelcade.core.registry import game_ids as all_games
from camelcade.core.registry import load, plugin
from camelcade.core.words import pt, t, tn
from camelcade.sim.document import Block, Heading, Paragraph, Table, to_markdown
from camelcade.sim.entrants import parse_entrants
from camelcade.sim.lab import LabRun, run_tournament
from camelcade.sim.plan import Tournament, tournament_from_config
from camelcade.sim.ratings import match_order, rate
from camelcade.sim.report import interval
from camelcade.sim.stats import summarise
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
