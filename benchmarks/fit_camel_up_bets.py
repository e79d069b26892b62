"""Fit Camel Up's opponent model (who bet which colour face down) from the lab's records.

The records are games of strong bots made by the lab, e.g.::

    camelcade simulate camel-up -n 240 -p 4 --bots camel-up-expert,camel-up-ev \\
        --seed 31 --out lab/ed2.jsonl
    camelcade simulate camel-up -n 240 -p 4 --bots camel-up-expert,camel-up-ev \\
        --seed 31 -o edition=1 --out lab/ed1.jsonl

Every race bet in them is a moment (the bettor's hand, the odds then, ...; see
``camelcade.games.camel_up.reading``). Every fourth record is held out; the model is fitted
on the rest and scored on the held-out ones: how often its likeliest colour is the one
really bet, against the expert's guess (the colour with the best race odds), and the log
loss against a uniform guess. The fitted model (fitted again on every record) and each
edition's spreads (coins won in a leg, race bets played in one) go to
``src/camelcade/games/camel_up/bet_model.json``, the scores to
``results/camel_up_bet_model.json``.

    python benchmarks/fit_camel_up_bets.py RECORDS.jsonl [...] [--no-write]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from camelcade.bots.choices import ChoiceModel, Moment, accuracy, fit
from camelcade.core.game import State
from camelcade.games.camel_up.reading import (
    FEATURES,
    BetModel,
    bet_swings,
    describe,
    leg_swings,
)
from camelcade.records import Record, replay
from camelcade.sim.hidden_choices import moments_in

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results" / "camel_up_bet_model.json"
MODEL = HERE.parent / "src" / "camelcade" / "games" / "camel_up" / "bet_model.json"
HELD_OUT = 4
"""Every this-many-th record is held out of the fit and scores it."""


def load(paths: list[Path]) -> list[Record]:
    records = []
    for path in paths:
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                records.append(Record.from_json(json.loads(line)))
    return records


def spreads(records: list[Record],
            swings_of: Callable[[State, Sequence[str]], list[float]]) -> dict[int, float]:
    """Per edition, the standard deviation of a seat's coins in a leg, less the table's
    mean that leg (``leg_swings``: won in the leg; ``bet_swings``: paid for the race
    bets played in it), over every leg of every record."""
    swings: dict[int, list[float]] = {}
    for record in records:
        edition = int(record.options.get("edition", 2))
        swings.setdefault(edition, []).extend(swings_of(replay(record, upto=0),
                                                        record.actions))
    return {edition: statistics.pstdev(found) for edition, found in sorted(swings.items())
            if len(found) > 1}


def scores(model: ChoiceModel, moments: list[Moment]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for group in sorted({m.group for m in moments}):
        mine = [m for m in moments if m.group == group]
        found = accuracy(model, mine)
        out[group] = {"bets": found.moments, "model_top1": round(found.model, 4),
                      "expert_guess_top1": round(found.baseline, 4),
                      "model_log_loss": round(found.log_loss, 4),
                      "uniform_log_loss": round(found.uniform_log_loss, 4)}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("records", nargs="+", type=Path)
    parser.add_argument("--ridge", type=float, default=0.01)
    parser.add_argument("--no-write", action="store_true",
                        help="report only; leave bet_model.json as it is")
    args = parser.parse_args()
    started = time.process_time()
    records = load(args.records)
    found = moments_in(records, describe)
    train = [m for i, m in found if i % HELD_OUT != 0]
    test = [m for i, m in found if i % HELD_OUT == 0]
    held_model = ChoiceModel(fit(train, args.ridge), FEATURES)
    report = {
        "records": [str(p) for p in args.records], "games": len(records),
        "bets": len(found), "held_out": f"every {HELD_OUT}th record",
        "features": list(FEATURES), "held_out_scores": scores(held_model, test),
        "fitted_on_all": {}, "leg_spread": {}, "bet_spread": {}, "cpu_seconds": 0.0,
    }
    final = BetModel(ChoiceModel(fit([m for _, m in found], args.ridge), FEATURES),
                     spreads(records, leg_swings), spreads(records, bet_swings))
    report["fitted_on_all"] = final.choices.as_json()["weights"]
    report["leg_spread"] = {str(k): round(v, 3) for k, v in final.leg_spread.items()}
    report["bet_spread"] = {str(k): round(v, 3) for k, v in final.bet_spread.items()}
    report["cpu_seconds"] = round(time.process_time() - started, 1)
    if not args.no_write:
        MODEL.write_text(json.dumps(final.as_json(), indent=1) + "\n", encoding="utf-8")
        RESULTS.parent.mkdir(parents=True, exist_ok=True)
        RESULTS.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
