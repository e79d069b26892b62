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
from camelcade.core.words import current_language, pt, t, tn
from camelcade.sim import plots
from camelcade.sim.document import Block, Figure, Heading, Paragraph, Table, to_html, to_markdown
from camelcade.sim.lab import BlockFeed, SprtSettings
from camelcade.sim.pairing import measure
from camelcade.sim.plan import tournament_from_config
from camelcade.sim.ratings import Rating, match_order, rate
from camelcade.sim.sprt import Sprt
from camelcade.sim.stats import Summary, results_sentence, summarise
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
        raise OptionError(t("no tournament records in {paths}",
                            paths=", ".join(str(p) for p in paths)))
    kinds = {(r.game, len(r.players)) for r in results.records}
    if len(kinds) > 1:
        found = ", ".join(t("{game} ({players} players)", game=g, players=n)
                          for g, n in sorted(kinds))
        raise OptionError(t("these results hold more than one game or player count: {found}; "
                            "report them one at a time", found=found))
    folder.mkdir(parents=True, exist_ok=True)
    blocks = build(results, folder, sprt_elo1, sprt_bots, draw)
    markdown = to_markdown(blocks, folder)
    title = blocks[0].text if isinstance(blocks[0], Heading) else t("Tournament report")
    written = Written(to_markdown([b for b in blocks if not isinstance(b, Figure)], folder))
    (folder / "report.md").write_text(markdown, encoding="utf-8")
    (folder / "report.html").write_text(to_html(blocks, title, current_language()),
                                        encoding="utf-8")
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
    blocks: list[Block] = [Heading(tn("{game}: {count} game, {players} players",
                                      "{game}: {count} games, {players} players",
                                      len(records), game=game, players=players), 1)]
    formats = ", ".join(sorted({str(c.get("format")) for c in configs}))
    chances = ", ".join(sorted({str(c.get("chance")) for c in configs}))
    sentences = [
        tn("{count} tournament ({formats}), chance {chances}; seeds {seeds}.",
           "{count} tournaments ({formats}), chance {chances}; seeds {seeds}.",
           len(results.configs), formats=formats, chances=chances,
           seeds=", ".join(str(c.get("seed")) for c in configs)),
        t("Places and wins come from each game's ranking (every tie-break applied); seats "
          "level at the top split the win, in a shared first place as in a draw (every seat "
          "level, counted under Draws)."),
        results_sentence(summary)]
    if results.duplicates:
        sentences.append(tn("{count} duplicate game was counted once.",
                            "{count} duplicate games were counted once.",
                            results.duplicates))
    if results.conflicts:
        sentences.append(tn("{count} of them differed (a timed bot?).",
                            "{count} of them differed (a timed bot?).", results.conflicts))
    blocks.append(Paragraph(" ".join(sentences)))
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
    scale = (t("Bradley-Terry Elo (0 = the field's mean), 95% bootstrap interval over "
               "seed blocks.") if method == "elo" else
             t("OpenSkill Plackett-Luce μ (25 to start), interval μ ± 1.96σ."))
    rows = [[r.label, f"{r.value:.1f}", interval(f"{r.low:.1f}", f"{r.high:.1f}"),
             str(summary.standing(r.label).games)] for r in found]
    out: list[Block] = [Heading(t("Ratings")), Paragraph(scale),
                        Table([t("Bot"), t("Rating"), t("95% interval"),
                               pt("column: games played", "Games")], rows)]
    if draw:
        path = plots.interval_bars(folder / "ratings.png", t("Ratings with 95% intervals"),
                                   [r.label for r in found], [r.value for r in found],
                                   [r.low for r in found], [r.high for r in found],
                                   "Elo" if method == "elo" else "OpenSkill μ")
        each = "; ".join(f"{r.label} {r.value:.1f} ({interval(f'{r.low:.1f}', f'{r.high:.1f}')})"
                         for r in found)
        out.append(Figure(path, t("Ratings: {ratings}", ratings=each)))
    return out


def interval(low: str, high: str) -> str:
    """An interval's two ends, already formatted: "1.0 to 2.5"."""
    return t("{low} to {high}", low=low, high=high)


def _standings(summary: Summary, players: int) -> list[Block]:
    rows = []
    for s in summary.standings:
        if not s.games:
            continue
        low, high = s.win_interval()
        slow, shigh = s.score_interval()
        rows.append([s.label, str(s.games), f"{s.wins:g}", str(s.draws), pct(s.win_rate),
                     interval(pct(low), pct(high)), pct(s.score_rate),
                     interval(pct(slow), pct(shigh)), f"{s.mean_place:.2f}"])
    out: list[Block] = [
        Heading(t("Standings")),
        Paragraph(t("Score is the share of the other seats a bot finished ahead of (ties "
                    "half); intervals are 95% Wilson intervals.")),
        Table([t("Bot"), pt("column: games played", "Games"), t("Wins"),
               pt("column: games drawn", "Draws"), t("Win rate"),
               t("95% interval"), t("Score"), t("95% interval"), t("Mean place")], rows)]
    if players > 2:
        place_rows = []
        for s in summary.standings:
            if s.games:
                cells = []
                for place in range(1, players + 1):
                    rate_, low, high = s.place_rate(place)
                    cells.append(f"{pct(rate_)} ({pct(low)}-{pct(high)})")
                place_rows.append([s.label, *cells])
        out += [Table([t("Bot"), *[t("Place {place}", place=p) for p in range(1, players + 1)]],
                      place_rows,
                      t("Rank rates (share of games at each place, 95% interval)"))]
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
    out: list[Block] = [Heading(t("Head to head")),
                        Paragraph(t("How often the row's bot finished ahead of the column's "
                                    "when they sat at one table (ties half).")),
                        Table([t("Bot"), *labels], rows)]
    if draw:
        path = plots.matrix(folder / "matrix.png", t("Row finished ahead of column"), labels,
                            cells)
        against = [t("{bot} against {others}", bot=row[0], others=", ".join(
            f"{b} {c}" for b, c in zip(labels, row[1:], strict=True) if c != "-"))
            for row in rows]
        out.append(Figure(path, t("Head-to-head matrix: {rows}", rows="; ".join(against))))
    return out


def _seats(summary: Summary, folder: Path, draw: bool) -> list[Block]:
    seats = summary.seats
    if not seats.games:
        return []
    fair = 1 / len(seats.wins)
    rows, values, lows, highs = [], [], [], []
    for seat in range(len(seats.wins)):
        value, low, high = seats.win_rate(seat)
        rows.append([t("seat {seat}", seat=seat), pct(value), interval(pct(low), pct(high)),
                     f"{seats.place_total[seat] / seats.games:.2f}"])
        values.append(value)
        lows.append(low)
        highs.append(high)
    out: list[Block] = [Heading(t("Seats")),
                        Paragraph(t("Wins by seat, whoever sat there (seats rotate, so every "
                                    "bot sits in each equally often); a fair seat wins "
                                    "{share}.", share=f"{fair:.1%}")),
                        Table([t("Seat"), t("Win rate"), t("95% interval"), t("Mean place")],
                              rows)]
    if draw:
        names = [t("seat {seat}", seat=s) for s in range(len(values))]
        path = plots.interval_bars(folder / "seats.png", t("Win rate by seat"), names, values,
                                   lows, highs, t("win rate"), reference=fair)
        each = ", ".join(f"{n} {pct(v)}" for n, v in zip(names, values, strict=True))
        out.append(Figure(path, t("Win rate by seat: {seats}", seats=each)))
    return out


def _lengths(summary: Summary, folder: Path, draw: bool) -> list[Block]:
    lengths = summary.lengths
    if not lengths:
        return []
    decisions = summary.decisions
    text = t("Actions per game (chance draws included): mean {mean}, median {median}, "
             "from {least} to {most}. Decisions by the players: mean {decisions}. Lead "
             "changes on points: mean {changes} a game.",
             mean=f"{statistics.fmean(lengths):.1f}", median=f"{statistics.median(lengths):g}",
             least=min(lengths), most=max(lengths),
             decisions=f"{statistics.fmean(decisions):.1f}",
             changes=f"{statistics.fmean(summary.lead_changes):.2f}")
    out: list[Block] = [Heading(t("Game length")), Paragraph(text)]
    if draw:
        path = plots.histogram(folder / "lengths.png", t("Game length"), lengths,
                               t("actions per game (chance draws included)"))
        out.append(Figure(path, t("Histogram of game length: {summary}", summary=text)))
    return out


def _pairing(records: Sequence[object]) -> list[Block]:
    from camelcade.records import Record

    found = measure([r for r in records if isinstance(r, Record)])
    if found is None:
        return [Heading(t("Pairing")), Paragraph(t(
            "No chance draws to pair (or one game a seed): only the bots' own seeds are "
            "paired."))]
    values = {"paired": f"{found.paired:.1%}", "pairs": found.pairs,
              "draws": f"{found.draws_per_game:.0f}"}
    text = (t("Chance draws that agree between the seat arrangements of one seed: {paired} "
              "(over {pairs} game pairs, {draws} draws a game); one seed only, so no chance "
              "level to compare with.", **values) if math.isnan(found.unpaired) else
            t("Chance draws that agree between the seat arrangements of one seed: {paired} "
              "(over {pairs} game pairs, {draws} draws a game); between games of different "
              "seeds, the chance level: {unpaired}.", unpaired=f"{found.unpaired:.1%}",
              **values))
    agreement = t("Agreement is the longest common run of draws over the longer game's draws.")
    return [Heading(t("Pairing")), Paragraph(f"{text} {agreement}")]


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
    verdict = sprt.verdict()
    out: list[Block] = [Heading("SPRT"), Paragraph(t(
        "Is {first} stronger than {second} by at least {elo1} Elo ({model}, H0 {elo0})? "
        "{verdict}. Mean block score {score}. Block counts, worst to best: {counts}.",
        first=settings["first"], second=settings["second"], elo1=f"{sprt.elo1:g}",
        model=sprt.model, elo0=f"{sprt.elo0:g}", verdict=verdict,
        score=f"{sprt.mean_score():.3f}", counts=", ".join(f"{c:g}" for c in sprt.counts)))]
    if draw and sprt.trace:
        path = plots.trace(folder / "sprt.png", t("SPRT: log-likelihood ratio by block"),
                           sprt.trace, sprt.lower, sprt.upper)
        out.append(Figure(path, tn(
            "SPRT trace: the LLR after each of {count} block, ending at {llr}; bounds "
            "{lower} and {upper}.",
            "SPRT trace: the LLR after each of {count} blocks, ending at {llr}; bounds "
            "{lower} and {upper}.", len(sprt.trace), llr=f"{sprt.llr:.2f}",
            lower=f"{sprt.lower:.2f}", upper=f"{sprt.upper:.2f}")))
    return out
