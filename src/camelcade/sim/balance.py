"""``camelcade balance``: sweep a game's options with bots and report what a designer
asks — does a seat win too often, how long are games, does the lead change hands.

Each setting (one value of one ``--vary`` option, the others at their defaults or as
``--option`` sets them; or every combination with ``--grid``) is a tournament of the
given bots with paired seeds and rotated seats, stored in one results file, so a sweep
resumes like any run. Per setting it reports the win rate of every seat with its 95%
Wilson interval (seats rotate, so with different bots this is still the seat's own
effect), the largest seat advantage over a fair share, game length in actions and in
decisions, and lead changes on points. A game adds its own figures through a *probe*
(see ``camelcade.sim.match.Probe``): named with ``--probe module:name``, or declared by
the game's plug-in manifest as ``balance``, it watches every match in the workers and
its sums become extra columns and a plot.
"""

from __future__ import annotations

import itertools
import json
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from camelcade.core.errors import OptionError
from camelcade.core.plugin import Ref
from camelcade.core.registry import game_ids, load, plugin
from camelcade.core.words import current_language, pt, t, tn
from camelcade.records import Record
from camelcade.sim import plots
from camelcade.sim.document import Block, Figure, Heading, Paragraph, Table, to_html, to_markdown
from camelcade.sim.entrants import parse_entrants, split_entrants
from camelcade.sim.lab import run_tournament
from camelcade.sim.plan import Tournament
from camelcade.sim.stats import summarise


class Screen(Protocol):
    """Where a sweep tells its progress (the CLI's screen; None for silence)."""

    def note(self, text: str) -> None: ...

    def say(self, text: str = "") -> None: ...

    def markdown(self, text: str) -> None: ...


def parse_vary(texts: Sequence[str]) -> list[tuple[str, list[str]]]:
    """``["track_length=8,10", "oasis_cards=1,1,2;1,2,2"]`` → names and their values."""
    found: list[tuple[str, list[str]]] = []
    for text in texts:
        name, sep, values = text.partition("=")
        name = name.strip()
        if not sep or not name or not values.strip():
            raise OptionError(t("--vary takes option=value1,value2, got {text}",
                                text=repr(text)))
        parts = values.split(";") if ";" in values else values.split(",")
        if any(not part.strip() for part in parts):
            raise OptionError(t("--vary {text} has an empty value", text=repr(text)))
        if name in [n for n, _ in found]:
            raise OptionError(t("--vary names {name} twice", name=repr(name)))
        found.append((name, [part.strip() for part in parts]))
    return found


def settings(vary: Sequence[tuple[str, list[str]]], grid: bool) -> list[dict[str, str]]:
    """The settings to play: each value of each option alone, or every combination."""
    if not vary:
        return [{}]
    if grid:
        names = [name for name, _ in vary]
        return [dict(zip(names, combo, strict=True))
                for combo in itertools.product(*[values for _, values in vary])]
    return [{name: value} for name, values in vary for value in values]


def game_probe(game_id: str) -> str | None:
    """The probe a game's manifest declares (its ``balance`` slot's), if any."""
    slot = plugin(game_id).balance
    return slot.probe.target if slot is not None and slot.probe is not None else None


def game_sweeps(game_id: str, names: Sequence[str]) -> list[str]:
    """The ``--vary`` texts of the game's own sweeps (its ``balance`` slot's) by name;
    ``all`` is every one of them, in the manifest's order."""
    slot = plugin(game_id).balance
    declared = dict(slot.sweeps) if slot is not None else {}
    if not declared:
        raise OptionError(t("{game} declares no sweeps of its own; use --vary "
                            "option=value1,value2", game=game_id))
    chosen = list(declared) if list(names) == ["all"] else list(names)
    unknown = [name for name in chosen if name not in declared]
    if unknown:
        raise OptionError(t("--sweep {sweep} is not a sweep of {game}; its sweeps: {allowed} "
                            "or all", sweep=repr(unknown[0]), game=game_id,
                            allowed=", ".join(declared)))
    return [f"{name}={','.join(declared[name])}" for name in chosen]


def game_tables(game_id: str, found: Sequence[SettingFigures]) -> list[Table]:
    """The game's own tables of these settings (its ``balance`` slot's), if it has any
    (a report of figures whose game is not installed here has none)."""
    if game_id not in game_ids():
        return []
    slot = plugin(game_id).balance
    if slot is None or slot.tables is None:
        return []
    return [Table(list(table.columns), [list(row) for row in table.rows], table.caption)
            for table in slot.tables.load()(found)]


def check_probe(target: str) -> None:
    """Refuse a probe that cannot be imported or made, before any game is played."""
    try:
        factory = Ref[Any](target).load()
        probe = factory()
    except (ValueError, ImportError, AttributeError, TypeError) as error:
        raise OptionError(t("--probe {target} is not a probe (module:Class with step, finish "
                            "and figures): {error}", target=repr(target), error=error)) from None
    missing = [name for name in ("step", "finish", "figures") if not hasattr(probe, name)]
    if missing:
        raise OptionError(t("--probe {target} has no {missing}", target=repr(target),
                            missing=", ".join(missing)))


@dataclass
class SettingFigures:
    """What one setting's games showed."""

    setting: dict[str, str]
    players: int
    games: int
    seat_wins: list[tuple[float, float, float]]
    """Per seat: win rate, 95% interval low and high."""
    mean_actions: float
    mean_decisions: float
    mean_lead_changes: float
    no_lead_change: float
    """Share of games whose first sole leader on points was never overtaken."""
    bot_wins: dict[str, float] = field(default_factory=dict)
    probe: dict[str, float] = field(default_factory=dict)
    probe_totals: dict[str, Any] = field(default_factory=dict)
    """The probe's counts summed over the setting's games, before ``figures``: for a
    game's own tables beyond the report's columns (wins by lane and race length, say)."""

    @property
    def seat_advantage(self) -> float:
        """The best seat's win rate over a fair share (1 / players)."""
        return max(rate for rate, _, _ in self.seat_wins) - 1 / self.players

    def to_json(self) -> dict[str, Any]:
        return {"setting": self.setting, "players": self.players, "games": self.games,
                "seat_win_rate": [list(s) for s in self.seat_wins],
                "seat_advantage": self.seat_advantage, "mean_actions": self.mean_actions,
                "mean_decisions": self.mean_decisions,
                "mean_lead_changes": self.mean_lead_changes,
                "no_lead_change": self.no_lead_change, "bot_win_rate": self.bot_wins,
                "probe": self.probe, "probe_totals": self.probe_totals}


def figures_of(setting: dict[str, str], records: Sequence[Record], probe: str | None
               ) -> SettingFigures:
    summary = summarise(records)
    seats = summary.seats
    figures = SettingFigures(
        setting, len(seats.wins), seats.games,
        [seats.win_rate(seat) for seat in range(len(seats.wins))],
        statistics.fmean(summary.lengths), statistics.fmean(summary.decisions),
        statistics.fmean(summary.lead_changes),
        sum(1 for c in summary.lead_changes if c == 0) / len(summary.lead_changes),
        {s.label: s.win_rate for s in summary.standings})
    if probe is not None:
        totals: dict[str, Any] = {}
        for record in records:
            for key, value in record.extra["lab"].get("probe", {}).items():
                if isinstance(value, list):
                    known = totals.setdefault(key, [0.0] * len(value))
                    known += [0.0] * (len(value) - len(known))
                    for index, item in enumerate(value):
                        known[index] += item
                else:
                    totals[key] = totals.get(key, 0.0) + value
        figures.probe = dict(Ref[Any](probe).load()().figures(totals, len(records)))
        figures.probe_totals = totals
    return figures


def run_balance(game_id: str, vary_texts: Sequence[str], *, bots: str,
                base: Mapping[str, str], games: int, seed: int, workers: int = 1,
                scheduler: str | None = None, grid: bool = False, probe: str | None = None,
                out: Path | None = None, draw: bool = True,
                screen: Screen | None = None) -> list[SettingFigures]:
    """Play every setting, then write balance.md, balance.html, balance.json and plots."""
    vary = parse_vary(vary_texts)
    texts = split_entrants(bots)
    chosen_probe = probe or game_probe(game_id)
    if chosen_probe is not None:
        check_probe(chosen_probe)
    folder = out or Path("camelcade-lab") / f"balance-{game_id}"
    results_file = folder / "balance.jsonl"
    found: list[SettingFigures] = []
    plan = settings(vary, grid)
    for number, setting in enumerate(plan, 1):
        options: dict[str, Any] = {**base, **setting}
        if "players" not in options and len(texts) > 1:
            options["players"] = len(texts)
        game = load(game_id, **options)
        entrants = parse_entrants(texts, game.id)
        tournament = Tournament(game.id, game.options, tuple(entrants), seed=seed,
                                probe=chosen_probe)
        run = run_tournament(tournament, games, results_file, workers=workers,
                             scheduler=scheduler)
        figures = figures_of(setting, run.records, chosen_probe)
        found.append(figures)
        if screen is not None:
            screen.note(tn("Setting {number} of {settings}, {setting}: {count} game; seat "
                           "advantage {advantage}, {actions} actions a game.",
                           "Setting {number} of {settings}, {setting}: {count} games; seat "
                           "advantage {advantage}, {actions} actions a game.", figures.games,
                           number=number, settings=len(plan), setting=label(setting),
                           advantage=f"{figures.seat_advantage:+.1%}",
                           actions=f"{figures.mean_actions:.0f}"))
    blocks = report_blocks(game_id, bots, vary, found, folder, draw)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "balance.md").write_text(to_markdown(blocks, folder), encoding="utf-8")
    (folder / "balance.html").write_text(to_html(blocks, t("{game} balance", game=game_id),
                                                 current_language()), encoding="utf-8")
    (folder / "balance.json").write_text(json.dumps(
        {"game": game_id, "bots": texts, "seed": seed, "games": games,
         "settings": [f.to_json() for f in found]}, indent=1) + "\n", encoding="utf-8")
    if screen is not None:
        screen.markdown(to_markdown([b for b in blocks if not isinstance(b, Figure)], folder))
        screen.say(t("Balance report: {markdown}, {html}, {json}; results in {results}.",
                     markdown=folder / "balance.md", html=folder / "balance.html",
                     json=folder / "balance.json", results=results_file))
    return found


def label(setting: Mapping[str, str]) -> str:
    return ", ".join(f"{k}={v}" for k, v in setting.items()) or t("defaults")


def _pct(value: float) -> str:
    return f"{value:.0%}"


def report_blocks(game_id: str, bots: str, vary: Sequence[tuple[str, list[str]]],
                  found: Sequence[SettingFigures], folder: Path, draw: bool) -> list[Block]:
    seats = max(f.players for f in found)
    probe_names = list(dict.fromkeys(k for f in found for k in f.probe))
    blocks: list[Block] = [
        Heading(t("{game} balance: {bots} bots", game=game_id, bots=bots), 1),
        Paragraph(tn("{count} game a setting (paired seeds, seats rotated).",
                     "{count} games a setting (paired seeds, seats rotated).", found[0].games)
                  + " " + t("Seat columns: win rate of each seat (ties split) with its 95% "
                            "interval; advantage: the best seat over a fair share. Lead "
                            "changes: how often the sole leader on points changed; 'held': "
                            "share of games where it never did."))]
    columns = [t("setting"), t("games"), *[t("seat {seat}", seat=s) for s in range(seats)],
               t("advantage"), t("actions"), t("decisions"), t("lead changes"),
               pt("column: share of games whose lead never changed", "held"),
               *probe_names]
    rows = []
    for f in found:
        seat_cells = [f"{rate:.0%} ({low:.0%}-{high:.0%})" for rate, low, high in f.seat_wins]
        seat_cells += ["-"] * (seats - len(seat_cells))
        rows.append([label(f.setting), str(f.games), *seat_cells, f"{f.seat_advantage:+.1%}",
                     f"{f.mean_actions:.1f}", f"{f.mean_decisions:.1f}",
                     f"{f.mean_lead_changes:.2f}", _pct(f.no_lead_change),
                     *[_number(f.probe.get(name)) for name in probe_names]])
    blocks.append(Table(columns, rows))
    if len({tuple(f.bot_wins) for f in found}) == 1 and len(found[0].bot_wins) > 1:
        bots_ = list(found[0].bot_wins)
        blocks.append(Table([t("setting"), *bots_], [[label(f.setting), *[
            _pct(f.bot_wins[b]) for b in bots_]] for f in found], t("Win rate by bot")))
    blocks += game_tables(game_id, found)
    if draw:
        blocks += _plots(vary, found, folder, probe_names)
    return blocks


def _number(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value:.3g}" if abs(value) >= 1 or value == 0 else f"{value:.1%}"


def _plots(vary: Sequence[tuple[str, list[str]]], found: Sequence[SettingFigures],
           folder: Path, probe_names: Sequence[str]) -> list[Block]:
    out: list[Block] = []
    for name, _ in vary:
        chosen = [f for f in found if set(f.setting) == {name}]
        if len(chosen) < 2:
            continue
        xs = [f.setting[name] for f in chosen]
        seats = min(f.players for f in chosen)
        # with the player count varying, a seat's win rate is shown over its fair share
        scale = [float(f.players) if len({c.players for c in chosen}) > 1 else 1.0
                 for f in chosen]
        names: list[str] = [t("seat {seat}", seat=s) for s in range(seats)]
        series: dict[str, list[float]] = {
            names[s]: [f.seat_wins[s][0] * k for f, k in zip(chosen, scale, strict=True)]
            for s in range(seats)}
        bounds = {names[s]: ([f.seat_wins[s][1] * k for f, k in zip(chosen, scale,
                                                                    strict=True)],
                             [f.seat_wins[s][2] * k for f, k in zip(chosen, scale,
                                                                    strict=True)])
                  for s in range(seats)}
        relative = scale[0] != 1.0
        fair = 1.0 if relative else 1 / chosen[0].players
        swept = ", ".join(xs)
        path = plots.sweep(folder / f"{name}-seats.png",
                           t("Win rate by seat against {option}", option=name),
                           xs, series, bounds, name,
                           t("win rate ÷ fair share") if relative else t("win rate"), fair)
        each = "; ".join(f"{names[s]} " + ", ".join(_pct(f.seat_wins[s][0]) for f in chosen)
                         for s in range(seats))
        out.append(Figure(path, t("Win rate by seat for {option} = {values}: {seats}",
                                  option=name, values=swept, seats=each)))
        series = {str(t("actions")): [f.mean_actions for f in chosen],
                  t("decisions"): [f.mean_decisions for f in chosen]}
        path = plots.sweep(folder / f"{name}-length.png",
                           t("Game length against {option}", option=name), xs,
                           series, None, name, t("per game"))
        out.append(Figure(path, t("Game length for {option} = {values}: actions {actions}",
                                  option=name, values=swept, actions=", ".join(
                                      f"{f.mean_actions:.0f}" for f in chosen))))
        lead: dict[str, list[float]] = {t("lead changes"): [f.mean_lead_changes
                                                            for f in chosen]}
        shares: dict[str, list[float]] = {}
        for probe_name in probe_names:
            if all(probe_name in f.probe for f in chosen):
                values = [f.probe[probe_name] for f in chosen]
                # shares (every value within 0-1) get a plot of their own, in percent
                if all(0.0 <= value <= 1.0 for value in values):
                    shares[probe_name] = [100 * value for value in values]
                else:
                    lead[probe_name] = values
        path = plots.sweep(folder / f"{name}-lead.png",
                           t("Lead changes and game figures against {option}", option=name),
                           xs, lead, None, name, t("per game"))
        out.append(Figure(path, t("Lead changes a game for {option} = {values}: {changes}",
                                  option=name, values=swept, changes=", ".join(
                                      f"{f.mean_lead_changes:.2f}" for f in chosen))))
        if shares:
            path = plots.sweep(folder / f"{name}-shares.png",
                               t("Game figures (shares) against {option}", option=name), xs,
                               shares, None, name, t("percent"))
            each = "; ".join(f"{key} " + ", ".join(f"{share:.0f}%" for share in shares_)
                             for key, shares_ in shares.items())
            out.append(Figure(path, t("Game figures for {option} = {values}: {figures}",
                                      option=name, values=swept, figures=each)))
    return out
