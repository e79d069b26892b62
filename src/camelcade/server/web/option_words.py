"""A game's ways to play and options in players' words, for its rules page.

The same words as the lobby's create form and ``camelcade play GAME --help``: each preset
of the rulebook with its sentence, then each option's label and sentence — read from the
game's declarations (``Game.presets``, ``Option.label`` and ``explain``), never the code's
names or rule-decision codes. HTML-escaped here; said in the current language.
"""

from __future__ import annotations

from html import escape

from camelcade.core.registry import game_class
from camelcade.core.words import t, translate


def _entries(pairs: list[tuple[str, str]]) -> str:
    return "".join(f"<dt>{escape(term)}</dt><dd>{escape(text)}</dd>" for term, text in pairs)


def options_section(game_id: str) -> str:
    """The section, or "" for a game with neither presets nor options."""
    cls = game_class(game_id)
    if not cls.presets and not cls.option_specs:
        return ""
    parts = [f'<section aria-labelledby="ways-h" class="cc-ways"><h2 id="ways-h">'
             f'{escape(str(t("Ways to play and options")))}</h2>']
    if cls.presets:
        parts.append(f"<h3>{escape(str(t('Ways to play')))}</h3><dl>"
                     + _entries([(translate(p.name), translate(p.sentence))
                                 for p in cls.presets]) + "</dl>")
    labelled = [o for o in cls.option_specs if o.label]
    if labelled:
        parts.append(f"<h3>{escape(str(t('More options')))}</h3><dl>"
                     + _entries([(translate(o.label), translate(o.explain) if o.explain else "")
                                 for o in labelled]) + "</dl>")
    return "".join(parts) + "</section>"
