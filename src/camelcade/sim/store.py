"""The results store: one JSON-lines file, one match record per line, appended as each
match finishes.

Every line is a whole ``camelcade-record/1`` record (so ``camelcade replay`` and any
record reader take it) whose ``extra["lab"]`` names its tournament, table, seed and
arrangement and carries the tournament's settings. So a run that was stopped resumes by
skipping the matches already in its file, two files of the same tournament (from two
machines, say) merge by match name, and anything is re-rated from the file alone. A line
cut short by a crash is ignored when the file is read back, and the next append starts
on a new line.
"""

from __future__ import annotations

import json
import os
import warnings
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from camelcade.core.errors import CamelcadeError, StateError
from camelcade.core.types import JSONDict
from camelcade.core.words import t
from camelcade.records import Record
from camelcade.sim.match import LAB_FORMAT


def lab_info(record: Record) -> JSONDict:
    """The ``extra["lab"]`` part of a tournament record; a record without one is refused."""
    lab = record.extra.get("lab")
    if not isinstance(lab, dict) or lab.get("format") != LAB_FORMAT:
        raise StateError(t("this record was not made by a tournament (no extra.lab of "
                           "format {format})", format=repr(LAB_FORMAT)))
    return lab


def match_name(record: Record) -> tuple[str, str]:
    """(tournament identity, ``table.seed.arrangement``): unique for every match."""
    lab = lab_info(record)
    return str(lab["tournament"]), str(lab["match"])


@dataclass
class Results:
    """Tournament records read from one or more files, each match once."""

    records: list[Record] = field(default_factory=list)
    configs: dict[str, JSONDict] = field(default_factory=dict)
    """Each tournament's settings, by identity."""
    duplicates: int = 0
    """Matches found more than once (merged files overlap): counted once."""
    conflicts: int = 0
    """Matches found twice with different games (a timed bot, or another version)."""

    def add(self, record: Record, seen: dict[tuple[str, str], Record]) -> None:
        name = match_name(record)
        known = seen.get(name)
        if known is not None:
            self.duplicates += 1
            if known.actions != record.actions:
                self.conflicts += 1
            return
        seen[name] = record
        self.records.append(record)
        self.configs.setdefault(name[0], lab_info(record).get("config", {}))

    @property
    def games(self) -> set[str]:
        return {record.game for record in self.records}


def read_lines(path: Path) -> Iterable[Record]:
    """The records of one results file; a cut-off last line is skipped with a warning."""
    try:
        handle = path.open(encoding="utf-8")
    except OSError as error:
        raise CamelcadeError(t("cannot read results {path}: {reason}", path=repr(str(path)),
                               reason=error.strerror)) from None
    with handle:
        lines = handle.read().split("\n")
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError:
            if number == len(lines):  # the last line, with no newline after it
                warnings.warn(t("{path}: line {number} is cut short (an interrupted write); "
                                "skipped", path=path, number=number), stacklevel=2)
                continue
            raise StateError(t("{path}: line {number} is not JSON", path=path,
                               number=number)) from None
        try:
            yield Record.from_json(data)
        except StateError as error:
            raise StateError(t("{path}: line {number}: {error}", path=path, number=number,
                               error=error)) from None


def read_results(paths: Sequence[Path]) -> Results:
    """Every match in ``paths``, merged (each match once, by tournament and match name)."""
    results = Results()
    seen: dict[tuple[str, str], Record] = {}
    for path in paths:
        for record in read_lines(Path(path)):
            results.add(record, seen)
    return results


class ResultStore:
    """Appends one line per finished match to ``path`` and knows which are done."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._handle: IO[str] | None = None

    def done(self, identity: str) -> dict[str, Record]:
        """The matches of tournament ``identity`` already in the file, by match name."""
        if not self.path.exists():
            return {}
        found: dict[str, Record] = {}
        for record in read_lines(self.path):
            tournament, name = match_name(record)
            if tournament == identity:
                found.setdefault(name, record)
        return found

    def append(self, record: Record) -> None:
        """Write one record and flush it, so a stop loses at most the match being played."""
        handle = self._open()
        handle.write(json.dumps(record.to_json(), separators=(",", ":")) + "\n")
        handle.flush()

    def _open(self) -> IO[str]:
        if self._handle is None:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                if self.path.exists():
                    _drop_cut_line(self.path)
                self._handle = self.path.open("a", encoding="utf-8")
            except OSError as error:
                raise CamelcadeError(t("cannot write results {path}: {reason}",
                                       path=repr(str(self.path)),
                                       reason=error.strerror)) from None
        return self._handle

    def close(self) -> None:
        if self._handle is not None:
            self._handle.flush()
            os.fsync(self._handle.fileno())
            self._handle.close()
            self._handle = None

    def __enter__(self) -> ResultStore:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def _drop_cut_line(path: Path) -> None:
    """Cut a last line left unfinished by a crash, so the next record starts a line."""
    with path.open("rb+") as handle:
        data = handle.read()
        if data and not data.endswith(b"\n"):
            handle.truncate(data.rfind(b"\n") + 1)
