"""What a screen reader hears, in order: every text a live region is given and every
focus move, recorded in the page (``start(page)``) and read back (``heard(page)``).

A live region's text is what is spoken when it changes (the announcer writes one region
per utterance; a trailing no-break space it toggles so the same text is read twice is
dropped here). A focus move is heard as the focused element's name: its ``aria-label``,
else its label's text, else its own text (and a field's value).
``benchmarks/web_transcript.py`` records one turn before and after a change with it.
"""

from __future__ import annotations

from typing import Any

RECORD = """() => {
  window.__heard = [];
  const note = (kind, text) => {
    text = (text || '').replace(/\\u00a0$/, '').replace(/\\s+/g, ' ').trim();
    if (text) window.__heard.push(`${kind}: ${text}`);
  };
  for (const kind of ['polite', 'assertive']) {
    const region = document.getElementById(`announce-${kind}`);
    new MutationObserver(() => note(kind, region.textContent))
      .observe(region, { childList: true, characterData: true, subtree: true });
  }
  document.addEventListener('focusin', (event) => {
    const el = event.target;
    const name = el.getAttribute('aria-label') || el.labels?.[0]?.textContent
      || el.textContent.slice(0, 160);
    note('focus', `${name}${el.value ? ` [${el.value}]` : ''}`);
  }, true);
}"""


def start(page: Any) -> None:
    """Record from now on what the page says and where the focus goes."""
    page.evaluate(RECORD)


def heard(page: Any) -> list[str]:
    """``["polite: ...", "assertive: ...", "focus: ..."]`` in the order they happened."""
    return [str(line) for line in page.evaluate("() => window.__heard")]
