"""A small document model written out as markdown and as one self-contained HTML page.

Reports and balance sweeps build a list of blocks (headings, paragraphs, tables, figures)
once; :func:`to_markdown` and :func:`to_html` render the same content, so the two never
disagree. The HTML page embeds its pictures as data URIs (one file to mail or archive),
uses real headings and table headers for screen readers, and gives every picture an alt
text that says what it shows in words.
"""

from __future__ import annotations

import base64
import html
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Heading:
    text: str
    level: int = 2


@dataclass(frozen=True)
class Paragraph:
    text: str


@dataclass(frozen=True)
class Table:
    columns: Sequence[str]
    rows: Sequence[Sequence[str]]
    caption: str = ""


@dataclass(frozen=True)
class Figure:
    path: Path
    alt: str


Block = Heading | Paragraph | Table | Figure


def to_markdown(blocks: Sequence[Block], folder: Path) -> str:
    """Markdown, with pictures linked relative to ``folder``."""
    out: list[str] = []
    for block in blocks:
        if isinstance(block, Heading):
            out += ["#" * block.level + " " + block.text, ""]
        elif isinstance(block, Paragraph):
            out += [block.text, ""]
        elif isinstance(block, Table):
            if block.caption:
                out += [block.caption, ""]
            out.append("| " + " | ".join(block.columns) + " |")
            out.append("|" + "|".join("---" for _ in block.columns) + "|")
            out += ["| " + " | ".join(row) + " |" for row in block.rows]
            out.append("")
        else:
            out += [f"![{block.alt}]({_relative(block.path, folder)})", ""]
    return "\n".join(out)


def to_html(blocks: Sequence[Block], title: str, lang: str = "en") -> str:
    """One HTML page holding everything, pictures included, saying its language
    (``lang``, the language its words are in) so a screen reader reads it in that voice."""
    body: list[str] = []
    for block in blocks:
        if isinstance(block, Heading):
            body.append(f"<h{block.level}>{html.escape(block.text)}</h{block.level}>")
        elif isinstance(block, Paragraph):
            body.append(f"<p>{html.escape(block.text)}</p>")
        elif isinstance(block, Table):
            caption = f"<caption>{html.escape(block.caption)}</caption>" if block.caption else ""
            head = "".join(f'<th scope="col">{html.escape(c)}</th>' for c in block.columns)
            rows = "".join(
                "<tr>" + "".join(
                    (f'<th scope="row">{html.escape(cell)}</th>' if index == 0
                     else f"<td>{html.escape(cell)}</td>") for index, cell in enumerate(row))
                + "</tr>" for row in block.rows)
            body.append(f"<table>{caption}<thead><tr>{head}</tr></thead>"
                        f"<tbody>{rows}</tbody></table>")
        else:
            data = base64.b64encode(block.path.read_bytes()).decode("ascii")
            body.append(f'<figure><img src="data:image/png;base64,{data}" '
                        f'alt="{html.escape(block.alt)}"><figcaption>'
                        f"{html.escape(block.alt)}</figcaption></figure>")
    style = ("body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;"
             "padding:0 1rem;line-height:1.5;color:#111}table{border-collapse:collapse;"
             "margin:1rem 0}th,td{border:1px solid #888;padding:.25rem .6rem;text-align:right}"
             "th[scope=row],thead th:first-child{text-align:left}caption{text-align:left;"
             "font-weight:bold;padding:.3rem 0}img{max-width:100%}figure{margin:1rem 0}")
    return (f'<!doctype html>\n<html lang="{html.escape(lang)}"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{html.escape(title)}</title><style>{style}</style></head>"
            f"<body><main>{''.join(body)}</main></body></html>\n")


def _relative(path: Path, folder: Path) -> str:
    try:
        return path.relative_to(folder).as_posix()
    except ValueError:
        return path.as_posix()
