"""Named data a game option chooses among — a map, say — chosen by name, never by a path.

Some options pick a data set rather than a number: a game's ``map`` may be a whole board
read from a TOML file. Such an option names an entry of a :class:`DataShelf`: the entries the
game ships in its package, and those a server's host installs in a folder it configures
(read once at start, each file size-limited and checked). A value from a client is only
ever looked up on the shelf, so nothing a client sends can make a server open a file: a
path such as ``/etc/passwd`` or ``/dev/zero`` is an unknown name, and the error lists the
names there are.

A path is a local person's choice, accepted only inside :func:`local_files` — the
command line's ``play``, ``simulate``, ``balance`` and ``replay``, and the lab's workers —
and even there read at most :data:`MAX_DATA_BYTES` of a regular file. The switch is a
context variable, not a process flag, so a test process that also runs a server never
lends it to the server's tasks.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from threading import Lock
from typing import Generic, TypeVar

from camelcade.core.errors import OptionError
from camelcade.core.words import t

T = TypeVar("T")

MAX_DATA_BYTES = 64 * 1024
"""The most a data file may hold (a board map is a few KB). A larger file
is refused before more than this is read: ``/dev/zero`` costs nothing."""

NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")
"""What an entry may be called: its file's name without the suffix, lower-case letters,
digits, ``-`` and ``_``, at most 40 characters."""

_LOCAL_FILES: ContextVar[bool] = ContextVar("camelcade_local_files", default=False)


@contextmanager
def local_files() -> Iterator[None]:
    """Let data options name files on this machine, within this block (local front ends)."""
    token = _LOCAL_FILES.set(True)
    try:
        yield
    finally:
        _LOCAL_FILES.reset(token)


def local_files_allowed() -> bool:
    """True inside :func:`local_files`: a data option's value may be a path."""
    return _LOCAL_FILES.get()


def read_data_file(path: Path) -> str:
    """The UTF-8 text of the regular file ``path``, refused past :data:`MAX_DATA_BYTES`.

    A device, a pipe or a folder is refused without being read; a file that grows while it
    is read is still read no further than the limit allows.
    """
    shown = repr(str(path))
    try:
        # Looked at before it is opened: opening a pipe would wait for its writer.
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise OptionError(t("{file} is not a regular file.", file=shown))
        with path.open("rb") as source:
            data = source.read(MAX_DATA_BYTES + 1)
    except OSError as error:
        raise OptionError(t("{file} cannot be read: {why}.", file=shown,
                            why=error.strerror or error)) from None
    if len(data) > MAX_DATA_BYTES:
        raise OptionError(t("{file} is larger than {limit} KB, the most a data file may "
                            "hold.", file=shown, limit=MAX_DATA_BYTES // 1024))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise OptionError(t("{file} is not UTF-8 text.", file=shown)) from None


@dataclass
class DataShelf(Generic[T]):
    """The named entries one data option offers: shipped ones, then installed ones.

    ``parse(text, source)`` checks and reads one file, raising ``OptionError`` that names
    ``source``; ``package`` and ``folder`` say where the shipped files lie (each
    ``NAME.suffix`` there is entry ``NAME``), read when first asked for.
    """

    what: str
    """The option's name, as errors say it (``map``)."""
    parse: Callable[[str, str], T]
    package: str
    folder: str
    suffix: str = ".toml"
    _entries: dict[str, T] | None = field(default=None, init=False, repr=False)
    _installed: dict[str, T] = field(default_factory=dict, init=False, repr=False)
    _lock: Lock = field(default_factory=Lock, init=False, repr=False)

    def names(self) -> tuple[str, ...]:
        """Every entry's name: the shipped ones in name order, then the installed ones."""
        return tuple(self._shipped()) + tuple(sorted(self._installed))

    def get(self, name: str) -> T | None:
        """The entry called ``name``, or None."""
        found = self._shipped().get(name)
        return found if found is not None else self._installed.get(name)

    def lookup(self, value: str, game: str) -> T:
        """The entry ``value`` names; a path only inside :func:`local_files`.

        Anything else is an ``OptionError`` listing the names, and saying where a map file
        can be given when ``value`` looks like a path.
        """
        found = self.get(value)
        if found is not None:
            return found
        if local_files_allowed() and _looks_like_path(value, self.suffix):
            path = Path(value).expanduser()
            return self.parse(read_data_file(path), value)
        message: str = t("{game} has no {option} {value}; the names allowed are: {names}.",
                    game=game, option=self.what, value=repr(value[:80]),
                    names=", ".join(self.names()))
        if _looks_like_path(value, self.suffix):
            message += " " + t(
                "A file can be given only at the local command line (camelcade play or "
                "simulate); a server offers the files its host installs in its data folder.")
        raise OptionError(message)

    def install_folder(self, folder: Path) -> list[str]:
        """Add every ``*.suffix`` file of ``folder`` (a host's own entries); their names.

        Each file is size-limited and checked now, so a bad one stops the server's start
        with a message naming it rather than failing a match later. A name already shipped
        or installed is refused: a name means one thing.
        """
        added: dict[str, T] = {}
        for path in sorted(folder.glob(f"*{self.suffix}")):
            name = path.name[: -len(self.suffix)]
            if not NAME.fullmatch(name):
                raise OptionError(t(
                    "{file}: a file's name must be lower-case letters, digits, '-' and '_' "
                    "(at most 40) before {suffix}.", file=repr(str(path)), suffix=self.suffix))
            if self.get(name) is not None or name in added:
                raise OptionError(t("{file}: there is already a {option} called {name}.",
                                    file=repr(str(path)), option=self.what, name=repr(name)))
            added[name] = self.parse(read_data_file(path), name)
        with self._lock:
            self._installed.update(added)
        return list(added)

    def forget_installed(self) -> None:
        """Drop the installed entries (a test's clean-up; a server installs once)."""
        with self._lock:
            self._installed.clear()

    def _shipped(self) -> dict[str, T]:
        if self._entries is None:
            entries: dict[str, T] = {}
            root = resources.files(self.package).joinpath(self.folder)
            files = sorted((f for f in root.iterdir() if f.name.endswith(self.suffix)),
                           key=lambda f: f.name)
            for item in files:
                name = item.name[: -len(self.suffix)]
                entries[name] = self.parse(item.read_text(encoding="utf-8"), name)
            self._entries = entries
        return self._entries


def data_names(game_id: str, option: str) -> list[str] | None:
    """The names a data option of ``game_id`` offers (a front end lists them), or None
    when ``option`` is not a data option."""
    from camelcade.core.registry import plugin

    ref = plugin(game_id).data.get(option)
    return None if ref is None else list(ref.load().names())


def install_data_folder(folder: Path | None) -> dict[str, list[str]]:
    """Install a host's data: ``folder/GAME-ID/OPTION/NAME.toml`` for each game's data
    options (its plug-in's ``data``); what was added, as ``"GAME-ID OPTION"`` → names.

    Called once as a server starts; what it installed before is dropped first (None: only
    that). A folder
    that names no game's data option is an error listing those there are, so a typo is
    not silently ignored.
    """
    from camelcade.core.registry import game_ids, plugin

    shelves: dict[tuple[str, str], DataShelf[object]] = {}
    for game_id in game_ids():
        for option, ref in plugin(game_id).data.items():
            shelves[(game_id, option)] = ref.load()
    for shelf in shelves.values():
        shelf.forget_installed()
    if folder is None:
        return {}
    wanted = ", ".join(f"{game}/{option}" for game, option in shelves) or t("none")
    if not folder.is_dir():
        raise OptionError(t("The data folder {folder} is not a folder.",
                            folder=repr(str(folder))))
    for game_folder in _visible(folder):
        options = _visible(game_folder) if game_folder.is_dir() else [game_folder]
        for option_folder in options:
            key = (game_folder.name, option_folder.name)
            if key not in shelves or not option_folder.is_dir():
                raise OptionError(t(
                    "The data folder holds {path}, which is no game's data; it may hold "
                    "the folders {folders}.", path=repr(str(option_folder)), folders=wanted))
    added: dict[str, list[str]] = {}
    for (game_id, option), shelf in shelves.items():
        option_folder = folder / game_id / option
        if option_folder.is_dir():
            added[f"{game_id} {option}"] = shelf.install_folder(option_folder)
    return added


def _visible(folder: Path) -> list[Path]:
    return sorted(path for path in folder.iterdir() if not path.name.startswith("."))


def _looks_like_path(value: str, suffix: str) -> bool:
    return "/" in value or "\\" in value or value.endswith(suffix) or value.startswith("~")
