"""``camelcade report``: a results file as a markdown report, an HTML page and plots.

It reads one or more results files (merged, each match once), counts them again from
the records alone (ranking, not points), rates the bots, measures how far the pairing
held, and re-runs the SPRT the tournament was started with (or one given now) over the
blocks in seed order. Sections: ratings with intervals, standings and places, the
matrix of how often each bot finished ahead of each other, seats, game length, pairing,
SPRT trace.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from camelcade.core.errors import OptionError
from camelcade.sim import plots
from camelcade.sim.document import Block, Figure, Heading, Paragraph, Table, to_html, to_markdown
from camelcade.sim.lab import BlockFeed, SprtSettings
from camelcade.sim.pairing import measure
from camelcade.sim.plan import tournament_from_config
from camelcade.sim.ratings import Rating, match_order, rate
from camelcade.sim.sprt import Sprt
from camelcade.sim.stats import Summary, summarise
from camelcade.sim.store import Results, lab_info, read_results


@dataclass
class Written:
    markdown: str
    """The report without its pictures, for the terminal."""
    files: list[Path] = field(default_factory=list)


def pct(value: float) -> str:
    return "-" if math.isnan(value) else f"{value:.1%}"


def write_report(paths: Sequence[Path], folder: Path, *, sprt_elo1: float | None = None,
                 sprt_bots: str | None = None, draw: bool = True) -> Written:
    """Write ``report.md``, ``report.html`` and (with ``draw``) the PNGs into ``folder``."""
    results = read_results(list(paths))
    if not results.records:
        raise OptionError(f"no tournament records in {', '.join(str(p) for p in paths)}")
    kinds = {(r.game, len(r.players)) for r in results.records}
    if len(kinds) > 1:
        raise OptionError("these results hold more than one game or player count: "
                          + ", ".join(f"{g} ({n} players)" for g, n in sorted(kinds))
                          + "; report them one at a time")
    folder.mkdir(parents=True, exist_ok=True)
    blocks = build(results, folder, sprt_elo1, sprt_bots, draw)
    markdown = to_markdown(blocks, folder)
    title = blocks[0].text if isinstance(blocks[0], Heading) else "Tournament report"
    written = Written(to_markdown([b for b in blocks if not isinstance(b, Figure)], folder))
    (folder / "report.md").write_text(markdown, encoding="utf-8")
    (folder / "report.html").write_text(to_html(blocks, title), encoding="utf-8")
    written.files = [folder / "report.md", folder / "report.html",
                     *[b.path for b in blocks if isinstance(b, Figure)]]
    return written


def build(results: Results, folder: Path, sprt_elo1: float | None, sprt_bots: str | None,
          draw: bool) -> list[Block]:
    records = sorted(results.records, key=match_order)
    game, players = records[0].game, len(records[0].players)
    configs = list(results.configs.values())
    labels = list(dict.fromkeys(e["label"] for c in configs for e in c.get("entrants", [])))
    summary = summarise(records, labels)
    ratings = {r.label: r for r in rate(records, labels)}
    blocks: list[Block] = [Heading(f"{game}: {len(records)} games, {players} players", 1)]
    formats = ", ".join(sorted({str(c.get("format")) for c in configs}))
    chances = ", ".join(sorted({str(c.get("chance")) for c in configs}))
    blocks.append(Paragraph(
        f"{len(results.configs)} tournament(s) ({formats}), chance {chances}; "
        f"seeds {', '.join(str(c.get('seed')) for c in configs)}. Places and wins come "
        f"from each game's ranking (every tie-break applied); ties are split."
        + (f" {results.duplicates} duplicate games were counted once." if results.duplicates
           else "")
        + (f" {results.conflicts} of them differed (a timed bot?)." if results.conflicts
           else "")))
    blocks += _ratings(summary, ratings, folder, draw)
    blocks += _standings(summary, players)
    blocks += _matrix(summary, folder, draw)
    blocks += _seats(summary, folder, draw)
    blocks += _lengths(summary, folder, draw)
    blocks += _pairing(records)
    blocks += _sprt(results, sprt_elo1, sprt_bots, folder, draw)
    return blocks


def _ratings(summary: Summary, ratings: Mapping[str, Rating], folder: Path, draw: bool
             ) -> list[Block]:
    found = list(ratings.values())
    if not found:
        return []
    found.sort(key=lambda r: -r.value)
    method = found[0].method
    scale = ("Bradley-Terry Elo (0 = the field's mean), 95% bootstrap interval over seed "
             "blocks" if method == "elo" else
             "OpenSkill Plackett-Luce μ (25 to start), interval μ ± 1.96σ")
    rows = [[r.label, f"{r.value:.1f}", f"{r.low:.1f} to {r.high:.1f}",
             str(summary.standing(r.label).games)] for r in found]
    out: list[Block] = [Heading("Ratings"), Paragraph(scale + "."),
                        Table(["Bot", "Rating", "95% interval", "Games"], rows)]
    if draw:
        path = plots.interval_bars(folder / "ratings.png", "Ratings with 95% intervals",
                                   [r.label for r in found], [r.value for r in found],
                                   [r.low for r in found], [r.high for r in found],
                                   "Elo" if method == "elo" else "OpenSkill μ")
        out.append(Figure(path, "Ratings: " + "; ".join(
            f"{r.label} {r.value:.1f} ({r.low:.1f} to {r.high:.1f})" for r in found)))
    return out


def _standings(summary: Summary, players: int) -> list[Block]:
    rows = []
    for s in summary.standings:
        if not s.games:
            continue
        low, high = s.win_interval()
        slow, shigh = s.score_interval()
        rows.append([s.label, str(s.games), f"{s.wins:g}", pct(s.win_rate),
                     f"{pct(low)} to {pct(high)}", pct(s.score_rate),
                     f"{pct(slow)} to {pct(shigh)}", f"{s.mean_place:.2f}"])
    out: list[Block] = [
        Heading("Standings"),
        Paragraph("Score is the share of the other seats a bot finished ahead of (ties "
                  "half); intervals are 95% Wilson intervals."),
        Table(["Bot", "Games", "Wins", "Win rate", "95% interval", "Score", "95% interval",
               "Mean place"], rows)]
    if players > 2:
        place_rows = []
        for s in summary.standings:
            if s.games:
                cells = []
                for place in range(1, players + 1):
                    rate_, low, high = s.place_rate(place)
                    cells.append(f"{pct(rate_)} ({pct(low)}-{pct(high)})")
                place_rows.append([s.label, *cells])
        out += [Table(["Bot", *[f"Place {p}" for p in range(1, players + 1)]], place_rows,
                      "Rank rates (share of games at each place, 95% interval)")]
    return out


def _matrix(summary: Summary, folder: Path, draw: bool) -> list[Block]:
    labels = [s.label for s in summary.standings if s.games]
    if len(labels) < 2:
        return []
    cells: list[list[float | None]] = []
    rows = []
    for a in labels:
        row: list[float | None] = []
        for b in labels:
            value, meetings = summary.versus_rate(a, b) if a != b else (float("nan"), 0)
            row.append(None if not meetings else value)
        cells.append(row)
        rows.append([a, *[("-" if c is None else f"{c:.0%}") for c in row]])
    out: list[Block] = [Heading("Head to head"),
                        Paragraph("How often the row's bot finished ahead of the column's "
                                  "when they sat at one table (ties half)."),
                        Table(["Bot", *labels], rows)]
    if draw:
        path = plots.matrix(folder / "matrix.png", "Row finished ahead of column", labels,
                            cells)
        out.append(Figure(path, "Head-to-head matrix: " + "; ".join(
            f"{row[0]} against " + ", ".join(f"{b} {c}" for b, c in
                                             zip(labels, row[1:], strict=True) if c != "-")
            for row in rows)))
    return out


def _seats(summary: Summary, folder: Path, draw: bool) -> list[Block]:
    seats = summary.seats
    if not seats.games:
        return []
    fair = 1 / len(seats.wins)
    rows, values, lows, highs = [], [], [], []
    for seat in range(len(seats.wins)):
        value, low, high = seats.win_rate(seat)
        rows.append([f"seat {seat}", pct(value), f"{pct(low)} to {pct(high)}",
                     f"{seats.place_total[seat] / seats.games:.2f}"])
        values.append(value)
        lows.append(low)
        highs.append(high)
    out: list[Block] = [Heading("Seats"),
                        Paragraph(f"Wins by seat, whoever sat there (seats rotate, so every "
                                  f"bot sits in each equally often); a fair seat wins "
                                  f"{fair:.1%}."),
                        Table(["Seat", "Win rate", "95% interval", "Mean place"], rows)]
    if draw:
        names = [f"seat {s}" for s in range(len(values))]
        path = plots.interval_bars(folder / "seats.png", "Win rate by seat", names, values,
                                   lows, highs, "win rate", reference=fair)
        out.append(Figure(path, "Win rate by seat: " + ", ".join(
            f"{n} {pct(v)}" for n, v in zip(names, values, strict=True))))
    return out


def _lengths(summary: Summary, folder: Path, draw: bool) -> list[Block]:
    lengths = summary.lengths
    if not lengths:
        return []
    decisions = summary.decisions
    text = (f"Actions per game (chance draws included): mean {statistics.fmean(lengths):.1f}, "
            f"median {statistics.median(lengths):g}, from {min(lengths)} to {max(lengths)}. "
            f"Decisions by the players: mean {statistics.fmean(decisions):.1f}. Lead changes "
            f"on points: mean {statistics.fmean(summary.lead_changes):.2f} a game.")
    out: list[Block] = [Heading("Game length"), Paragraph(text)]
    if draw:
        path = plots.histogram(folder / "lengths.png", "Game length", lengths,
                               "actions per game (chance draws included)")
        out.append(Figure(path, "Histogram of game length: " + text))
    return out


def _pairing(records: Sequence[object]) -> list[Block]:
    from camelcade.records import Record

    found = measure([r for r in records if isinstance(r, Record)])
    if found is None:
        return [Heading("Pairing"), Paragraph("No chance draws to pair (or one game a seed): "
                                              "only the bots' own seeds are paired.")]
    level = ("one seed only, so no chance level to compare with" if math.isnan(found.unpaired)
             else f"between games of different seeds, the chance level: {found.unpaired:.1%}")
    return [Heading("Pairing"), Paragraph(
        f"Chance draws that agree between the seat arrangements of one seed: "
        f"{found.paired:.1%} (over {found.pairs} game pairs, {found.draws_per_game:.0f} draws "
        f"a game); {level}. Agreement is the longest common run of draws over the longer "
        f"game's draws.")]


def _sprt(results: Results, elo1: float | None, bots: str | None, folder: Path, draw: bool
          ) -> list[Block]:
    for identity, config in results.configs.items():
        asked = config.get("sprt")
        if elo1 is None and not asked:
            continue
        settings = dict(asked or {})
        if elo1 is not None:
            settings["elo1"] = elo1
        if bots:
            settings["first"], settings["second"] = (n.strip() for n in bots.split(",", 1))
        if "first" not in settings:
            labels = list(dict.fromkeys(e["label"] for e in config["entrants"]))
            settings["first"], settings["second"] = labels[0], labels[1]
        feed = BlockFeed(tournament_from_config(config), SprtSettings(**settings))
        for record in sorted((r for r in results.records
                              if lab_info(r)["tournament"] == identity), key=match_order):
            feed.add(record)
        return _sprt_blocks(feed.sprt, settings, folder, draw)
    return []


def _sprt_blocks(sprt: Sprt, settings: dict[str, object], folder: Path, draw: bool
                 ) -> list[Block]:
    out: list[Block] = [Heading("SPRT"), Paragraph(
        f"Is {settings['first']} stronger than {settings['second']} by at least "
        f"{sprt.elo1:g} Elo ({sprt.model}, H0 {sprt.elo0:g})? {sprt.verdict()}. "
        f"Mean block score {sprt.mean_score():.3f}. Block counts, worst to best: "
        f"{', '.join(f'{c:g}' for c in sprt.counts)}.")]
    if draw and sprt.trace:
        path = plots.trace(folder / "sprt.png", "SPRT: log-likelihood ratio by block",
                           sprt.trace, sprt.lower, sprt.upper)
        out.append(Figure(path, f"SPRT trace: the LLR after each of {len(sprt.trace)} blocks, "
                                f"ending at {sprt.llr:.2f}; bounds {sprt.lower:.2f} and "
                                f"{sprt.upper:.2f}."))
    return out
