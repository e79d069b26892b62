"""The HTML of each page: one skeleton with landmarks and headings, filled by ES modules.

Pages are plain strings (no template engine, no build step). Each has ``lang``, a skip
link, one ``h1`` and ``h2`` sections a screen reader jumps between (as Lichess's blind
mode does), and loads one module from ``/static/js``. Whatever comes from a game or a
person is escaped here or set as text by the scripts, never as HTML.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from camelcade.core.words import SOURCE_LANGUAGE, language, t, translate
from camelcade.i18n.html import translate_html
from camelcade.i18n.languages import languages
from camelcade.server.names import MAX_NAME_CHARS, RAW_NAME_UTF16

NAV = (
    '<nav aria-label="Site"><ul class="cc-nav">'
    '<li><a href="/">Lobby</a></li><li><a href="/my">My games</a></li>'
    '<li><a href="/replay">Replays</a></li><li><a href="/account">Account</a></li>'
    '<li><a href="/docs">API</a></li>'
    "</ul></nav>"
)


def page(title: str, body: str, script: str | None = None, head: str = "",
         lang: str = SOURCE_LANGUAGE, english: bool = True) -> str:
    """A whole page in ``lang``: ``body`` goes inside ``<main>``; ``script`` names a module
    to load. The navigation, and ``title`` and ``body`` when ``english``, are English,
    translated here (the catalogue has their texts: ``camelcade.i18n.extract.html_pages``);
    ``english=False`` takes them as written in ``lang`` already."""
    module = (f'<script type="module" src="/static/js/{escape(script)}"></script>'
              if script else "")
    with language(lang):
        if english:
            title, body = translate(title), translate_html(body, translate)
        nav = translate_html(NAV, translate) + language_form(lang)
        skip = t("Skip to content")
    return f"""<!doctype html>
<html lang="{escape(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>{escape(title)} · camelcade</title>
<link rel="icon" href="/static/img/favicon.svg" type="image/svg+xml">
<link rel="manifest" href="/manifest.webmanifest">
<link rel="stylesheet" href="/static/css/app.css">
<script type="module" src="/static/js/i18n.js"></script>
{head}
</head>
<body>
<a class="cc-skip" href="#main">{escape(skip)}</a>
<header class="cc-header"><a class="cc-brand" href="/">camelcade</a>{nav}</header>
<main id="main" tabindex="-1">
{body}
</main>
{module}
</body>
</html>
"""


def with_host_notice(html: str, message: str, lang: str) -> str:
    """``html`` with the host's notice under the site's header, above the main content
    (``camelcade admin lobby close``): a status region, so a screen reader says it when
    the page loads."""
    with language(lang):
        said = t("The lobby is closed: {message}", message=message)
    notice = f'\n<p class="cc-host-notice" role="status">{escape(said)}</p>'
    return html.replace("</header>", "</header>" + notice, 1)


def site_head(public_url: str, loopback: bool) -> str:
    """What the scripts need to know of the server, as ``<meta>`` tags: the address share
    links are built from (empty: the page's own), whether it listens on this computer
    only, and a name's length in characters (``names.py``: one rule, page and server)."""
    return (f'<meta name="camelcade-public-url" content="{escape(public_url)}">\n'
            f'<meta name="camelcade-listens" content="{"loopback" if loopback else "network"}">'
            f'\n<meta name="camelcade-name-chars" content="{MAX_NAME_CHARS}">'
            f'\n<meta name="camelcade-name-maxlength" content="{RAW_NAME_UTF16}">')


NAME_INPUT = (f'maxlength="{RAW_NAME_UTF16}" autocomplete="nickname" '
              'aria-describedby="create-name-hint"')
"""The name box's attributes: ``maxlength`` counts UTF-16 code units, so it is only a
backstop; ``names.js`` counts characters as the server does and says how many are left."""


def language_form(lang: str) -> str:
    """The language setting in every page's header: each language by its own name. It
    works without scripts (the page again with ``?lang=``); ``i18n.js`` keeps the choice."""
    options = "".join(
        f'<option value="{escape(code)}" lang="{escape(code)}"'
        f'{" selected" if code == lang else ""}>{escape(spoken.name)}</option>'
        for code, spoken in languages().items())
    label, change = escape(str(t("Language"))), escape(str(t("Change")))  # not in f-strings:
    return (f'<form class="cc-lang" method="get"><label for="cc-lang">'  # the extractor
            f'{label}</label> <select id="cc-lang" name="lang">'         # skips those
            f'{options}</select> <button type="submit">{change}</button></form>')


LOBBY = """
<h1>camelcade: camel board games</h1>
<section aria-labelledby="games-h"><h2 id="games-h">Games</h2>
<ul id="games" class="cc-games"></ul></section>
<section aria-labelledby="create-h"><h2 id="create-h">Create a match</h2>
<form id="create" class="cc-form" novalidate aria-busy="true">
<p><label for="create-game">Game</label> <select id="create-game" name="game"></select></p>
<p><label for="create-players">Players</label>
<input id="create-players" name="players" type="number" inputmode="numeric" required></p>
<fieldset id="create-options"><legend>Options</legend></fieldset>
<fieldset id="create-seats"><legend>Seats</legend></fieldset>
<p><label for="create-name">Your name</label>
<input id="create-name" name="name" NAME_INPUT>
<span id="create-name-hint" class="cc-help"></span></p>
<p><label for="create-timer">Turn clock</label> <select id="create-timer" name="timer">
<option value="">none</option><option value="60">1 minute</option>
<option value="300">5 minutes</option><option value="3600">1 hour</option>
<option value="86400">1 day (correspondence)</option>
<option value="259200">3 days (correspondence)</option>
<option value="604800">7 days (correspondence)</option></select></p>
<p><label for="create-on-timeout">When a player's time runs out</label>
<select id="create-on-timeout" name="on_timeout">
<option value="bot">a bot plays that turn for them</option>
<option value="pass">their turn is skipped (where the game has no pass, a bot plays it)</option>
<option value="takeover">a bot plays that turn; at the third time it keeps the seat</option>
</select></p>
<p><label for="create-bank">Time bank for correspondence (extra time a player may spend
over several moves)</label> <select id="create-bank" name="bank">
<option value="">none</option><option value="172800">2 days</option>
<option value="604800">7 days</option></select></p>
<p><input id="create-rated" name="rated" type="checkbox" aria-describedby="create-rated-help">
<label for="create-rated">Rated: the result counts towards the players' ratings</label>
<span id="create-rated-help" class="cc-help">Only players who kept their profile with an
e-mail address have a rating; guests and bots play their part, and nothing of theirs
changes. Leave it unticked for a casual match.</span></p>
<p><button type="submit" id="create-submit" disabled>Create the match</button></p>
<p id="create-error" class="cc-error" role="alert"></p>
</form>
<div id="created" hidden></div>
</section>
<section aria-labelledby="matches-h"><h2 id="matches-h">Open and running matches</h2>
<p><button type="button" id="refresh">Refresh the list</button></p>
<div id="matches"></div></section>
"""


def lobby_body() -> str:
    """The lobby with its name box's attributes filled in (``NAME_INPUT``)."""
    return LOBBY.replace("NAME_INPUT", NAME_INPUT)


MATCH = """
<h1 id="match-title">Match</h1>
<div id="pass" class="cc-pass" hidden>
<h2 id="pass-h" tabindex="-1">Pass the device</h2>
<p id="pass-text"></p><button type="button" id="pass-ready"></button></div>
<div id="match" class="cc-table">
<section aria-labelledby="status-h" class="cc-area-status"><h2 id="status-h">Game status</h2>
<div class="cc-status-bar"><p id="status" class="cc-status"></p>
<p id="clock" class="cc-clock"></p><p id="notice" class="cc-notice" hidden></p></div>
<div id="result"></div></section>
<section aria-labelledby="seats-h" class="cc-area-seats"><h2 id="seats-h">Seats</h2>
<details id="seats-fold" class="cc-drawer" open><summary id="seats-summary">Players</summary>
<ul id="seats" class="cc-seats" tabindex="0" aria-labelledby="seats-h"></ul>
<div id="join"></div></details></section>
<section aria-labelledby="board-h" class="cc-board-section cc-area-board">
<h2 id="board-h">Board</h2>
<div id="board-host" class="cc-board-host"><svg id="board-svg" aria-hidden="true"
 focusable="false"></svg></div>
<div id="board-grid" class="cc-text-view"></div></section>
<section aria-labelledby="position-h" class="cc-area-position cc-text-view">
<h2 id="position-h">Position</h2><div id="position" class="cc-position"></div></section>
<link rel="stylesheet" href="/static/css/actionbar.css">
<section id="action-bar" class="cc-action-bar cc-area-bar" aria-label="Choices"></section>
<section aria-labelledby="act-h" class="cc-area-act"><h2 id="act-h">Your move</h2>
<details id="act-fold" class="cc-fold"><summary>Every legal move (x)</summary>
<div id="act"></div></details></section>
<div class="cc-area-side cc-side">
<div class="cc-tabs" role="tablist" aria-label="Side panel">
<button type="button" role="tab" id="tab-log" aria-controls="panel-log"
 aria-selected="true">Moves</button>
<button type="button" role="tab" id="tab-said" aria-controls="panel-said" aria-selected="false"
 tabindex="-1">Everything said</button>
<button type="button" role="tab" id="tab-settings" aria-controls="panel-settings"
 aria-selected="false" tabindex="-1">Settings</button></div>
<section aria-labelledby="log-h" id="panel-log" class="cc-panel"><h2 id="log-h">Moves</h2>
<div class="cc-log" role="log" aria-live="off" aria-label="Moves" tabindex="0">
<ol id="events"></ol></div></section>
<section aria-labelledby="said-h" id="panel-said" class="cc-panel">
<h2 id="said-h">Everything said</h2>
<div class="cc-log" role="log" aria-live="off" aria-label="Everything said" tabindex="0">
<ol id="said"></ol></div>
</section>
<section aria-labelledby="settings-h" id="panel-settings" class="cc-panel">
<h2 id="settings-h">Settings and commands</h2>
<div id="settings"></div>
<p><button type="button" id="help-open">Keys (press ?)</button></p></section>
</div>
</div>
<dialog id="help" aria-labelledby="help-h"><h2 id="help-h">Keys</h2>
<div id="help-keys"></div><form method="dialog"><button>Close</button></form></dialog>
<div id="announce-polite" class="cc-sr" aria-live="polite" aria-atomic="true"></div>
<div id="announce-assertive" class="cc-sr" aria-live="assertive" aria-atomic="true"></div>
"""
"""The match page. Its document order is the order a screen reader reads (status, seats,
board, position, moves, logs, settings) in both layouts: the table layout (``cc-table``)
only places those sections on a CSS grid, and hides the text view visually, never from
the accessibility tree. The empty ``#action-bar`` is filled by ``actionbar.js``."""

REPLAY = """
<h1 id="replay-title">Replay</h1>
<section aria-labelledby="load-h" id="load"><h2 id="load-h">Open a record</h2>
<p><label for="record-file">A record file (camelcade-record/1 JSON)</label>
<input id="record-file" type="file" accept=".json,application/json"></p>
<p id="replay-error" class="cc-error" role="alert"></p>
<h3>Finished matches</h3><ul id="finished"></ul></section>
<div id="viewer" hidden>
<section aria-labelledby="controls-h"><h2 id="controls-h">Controls</h2>
<div class="cc-controls">
<button type="button" id="first">First</button><button type="button" id="prev">Back</button>
<button type="button" id="play">Play</button><button type="button" id="next">Forward</button>
<button type="button" id="last">Last</button>
<label for="jump">Step</label> <input id="jump" type="range" min="0" value="0">
</div><p id="step" aria-live="polite" aria-atomic="true"></p></section>
<section aria-labelledby="board-h"><h2 id="board-h">Board</h2>
<div id="board-host" class="cc-board-host"><svg id="board-svg" aria-hidden="true"
 focusable="false"></svg></div><div id="board-grid"></div></section>
<section aria-labelledby="position-h"><h2 id="position-h">Position</h2>
<div id="position" class="cc-position"></div></section>
<section aria-labelledby="log-h"><h2 id="log-h">Moves</h2><ol id="moves" class="cc-log"></ol>
</section></div>
"""

LEARN = """
<h1 id="learn-title">Learn to play</h1>
<section aria-labelledby="lesson-h" id="lesson" class="cc-lesson">
<h2 id="lesson-h" tabindex="-1">Lesson</h2>
<p id="lesson-rule" class="cc-help"></p>
<p id="lesson-goal" class="cc-goal"></p>
<p><button type="button" id="lesson-hint">Hint</button>
<button type="button" id="lesson-skip">Skip this lesson</button></p>
<p id="lesson-hint-text" hidden></p>
<p id="verdict" class="cc-verdict"></p>
<p><button type="button" id="lesson-next" hidden>Next lesson</button></p>
<div id="act"></div></section>
<section aria-labelledby="board-h" class="cc-board-section"><h2 id="board-h">Board</h2>
<div id="board-host" class="cc-board-host"><svg id="board-svg" aria-hidden="true"
 focusable="false"></svg></div>
<div id="board-grid" class="cc-text-view"></div></section>
<section aria-labelledby="position-h"><h2 id="position-h">Position</h2>
<div id="position" class="cc-position"></div></section>
<section aria-labelledby="first-h" id="first" hidden>
<h2 id="first-h" tabindex="-1">Your first game</h2><p id="first-goal"></p>
<p><button type="button" id="first-start">Start the game</button></p>
<p id="first-error" class="cc-error" role="alert"></p></section>
<p id="learn-error" class="cc-error" role="alert"></p>
<div id="announce-polite" class="cc-sr" aria-live="polite" aria-atomic="true"></div>
<div id="announce-assertive" class="cc-sr" aria-live="assertive" aria-atomic="true"></div>
"""
"""The lessons of a game (``learn.js``): the lesson's text first, the main content a
screen reader reads and the live region says; then the moves, the board (the match
page's grid and picture) and the position in words."""

NOT_FOUND = """
<h1>Page not found</h1>
<p>There is no page at this address.</p>
<p><a href="/">Go to the lobby</a></p>
"""
"""The page a browser gets for an address the server has no page at (404)."""

NO_MATCH = """
<h1>Match not found</h1>
<p>No match has this address. The link may be mistyped, or the match expired: an open
match nobody joined is removed after a while. Create a match or join another in the
lobby.</p>
<p><a href="/">Go to the lobby</a></p>
"""
"""The 404 page of ``/match/{id}`` and ``/replay/{id}`` for an id no match has."""

MY_GAMES = """
<h1>My games</h1>
<p>Every match you hold a seat in; those where it is your turn come first. Seats taken
while signed in follow your profile to every browser signed in to it (see Account).</p>
<section aria-labelledby="invites-h"><h2 id="invites-h" tabindex="-1">Invitations</h2>
<ul id="my-invites"></ul><p id="invites-status" role="status"></p></section>
<section aria-labelledby="turn-h"><h2 id="turn-h">Your turn</h2><ul id="my-turn"></ul>
</section>
<section aria-labelledby="wait-h"><h2 id="wait-h">Waiting for others</h2><ul id="my-wait"></ul>
</section>
<section aria-labelledby="done-h"><h2 id="done-h">Finished</h2><ul id="my-done"></ul></section>
<section aria-labelledby="sent-h"><h2 id="sent-h">Your invitations</h2><ul id="my-sent"></ul>
</section>
<section aria-labelledby="mail-h"><h2 id="mail-h">E-mail when it is your turn</h2>
<div id="mail"></div></section>
"""

ACCOUNT = """
<h1>Account</h1>
<p id="account-who" role="status"></p>
<p id="signin-status" role="status"></p>
<section aria-labelledby="name-h"><h2 id="name-h">Your name</h2>
<form id="name-form"><label for="profile-name">Display name</label>
<input id="profile-name" autocomplete="nickname" required>
<button type="submit">Save the name</button></form>
<p id="name-status" role="status"></p>
<p><a id="profile-page" href="/account">Your public profile: ratings and recent matches</a></p>
</section>
<section aria-labelledby="keep-h"><h2 id="keep-h">Keep your profile</h2>
<p>Add your e-mail address: the server sends you a sign-in link. It keeps this profile with
the address, and opened in another browser it signs that browser in to the same profile,
with all its games. A link works once, for 15 minutes.</p>
<form id="link-form"><label for="link-email">E-mail address</label>
<input id="link-email" type="email" autocomplete="email" required>
<button type="submit">Send me a sign-in link</button></form>
<p id="link-status" role="status"></p></section>
<section aria-labelledby="password-h"><h2 id="password-h">Password</h2>
<p>Optional: with a password, your address signs in without waiting for a mail.</p>
<form id="password-form" hidden><label for="new-password">New password (at least 10
characters)</label>
<input id="new-password" type="password" autocomplete="new-password" minlength="10" required>
<button type="submit">Save the password</button></form>
<p id="password-status" role="status"></p>
<h3>Sign in with a password</h3>
<form id="login-form"><label for="login-email">E-mail address</label>
<input id="login-email" type="email" autocomplete="username webauthn" required>
<label for="login-password">Password</label>
<input id="login-password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button></form>
<p id="login-status" role="status"></p></section>
<section aria-labelledby="passkeys-h"><h2 id="passkeys-h">Passkeys</h2>
<p>A passkey signs in with this device's screen lock or a security key: no mail to wait for,
no password to remember. Once your profile is kept by an e-mail address, add one for each
device you play on.</p>
<div id="passkey-kept" hidden>
<form id="passkey-form"><label for="passkey-name">Name of the passkey (say, the
device it is on)</label>
<input id="passkey-name" autocomplete="off" maxlength="32" required>
<button type="submit">Add a passkey</button></form>
<h3 id="passkey-list-h">Your passkeys</h3>
<ul id="passkey-list" aria-labelledby="passkey-list-h"></ul></div>
<p id="passkey-status" role="status"></p>
<h3>Sign in with a passkey</h3>
<p><button type="button" id="passkey-signin">Sign in with a passkey</button></p>
<p id="passkey-signin-status" role="status"></p></section>
<section aria-labelledby="vacation-h"><h2 id="vacation-h">Vacation</h2>
<p>Away for a while? On vacation, the clocks of your correspondence games wait for you, and
the other players see until when. Live games go on as usual.</p>
<form id="vacation-form"><label for="vacation-days">Days away</label>
<input id="vacation-days" type="number" inputmode="numeric" min="1" value="7" required>
<button type="submit">Take a vacation</button></form>
<p><button type="button" id="vacation-end" hidden>I am back: end my vacation</button></p>
<p id="vacation-status" role="status"></p></section>
<section aria-labelledby="notices-h"><h2 id="notices-h">Notices from all your matches</h2>
<p>Chosen here, a notice reaches you from every match you play, now and later: when it is
your turn, when a match ends, when your time runs short, and when you are invited. A
match's own “Notify me” choice comes first.</p>
<p><input type="checkbox" id="notices-email"> <label for="notices-email">E-mail me</label></p>
<p><input type="checkbox" id="notices-push"> <label for="notices-push">Notifications on this
device (one device: choosing another moves them there)</label></p>
<p id="notices-status" role="status"></p></section>
<section aria-labelledby="quiet-h"><h2 id="quiet-h">Quiet hours</h2>
<p>No notice reaches you between these times; one that comes meanwhile is sent when they
end, if it still matters then.</p>
<form id="quiet-form"><label for="quiet-start">From</label>
<input id="quiet-start" type="time" value="22:00" required>
<label for="quiet-end">Until</label>
<input id="quiet-end" type="time" value="08:00" required>
<button type="submit">Save the quiet hours</button></form>
<p><button type="button" id="quiet-off" hidden>Turn quiet hours off</button></p>
<p id="quiet-status" role="status"></p></section>
<section aria-labelledby="terminal-h"><h2 id="terminal-h">Sign in a terminal</h2>
<p>The terminal client plays as this profile once signed in: run the command below and
paste the token when it asks. The token is shown once; sign out everywhere ends it.</p>
<p><button type="button" id="terminal-new">Make a terminal token</button></p>
<div id="terminal-out" hidden>
<label for="terminal-command">Command</label>
<input id="terminal-command" readonly spellcheck="false">
<label for="terminal-token">Token (keep it secret)</label>
<input id="terminal-token" readonly spellcheck="false" autocomplete="off">
<button type="button" id="terminal-copy">Copy the token</button></div>
<p id="terminal-status" role="status"></p></section>
<section aria-labelledby="data-h"><h2 id="data-h">Your data</h2>
<p><a href="/api/me/data" download="camelcade-profile.json">Download my data (JSON)</a></p>
<p><button type="button" id="signout">Sign out</button>
<button type="button" id="signout-all">Sign out everywhere</button></p>
<p>Deleting your profile removes your name, address, password and sessions; your matches
stay, where you are shown as a former player.</p>
<p><button type="button" id="delete">Delete my profile</button></p>
<p id="data-status" role="status"></p></section>
<section aria-labelledby="blocks-h"><h2 id="blocks-h" tabindex="-1">Blocked players</h2>
<p>Their invitations are refused, and they are not told. Block a player on their profile
page.</p>
<ul id="blocks"></ul><p id="blocks-status" role="status"></p></section>
"""
"""The account page (``account.js``): docs/accounts.md says what each part does."""


def rules_page(title: str, html_body: str | None, game_id: str,
               lang: str = SOURCE_LANGUAGE, doc_lang: str = SOURCE_LANGUAGE,
               choices: Sequence[tuple[str, str]] = (), *, note: str = "",
               links: Sequence[tuple[str, str]] = (), after: str = "") -> str:
    """The rules of one game in ``lang``: its document (Markdown rendered, already
    HTML-safe) written in ``doc_lang``, which its ``<article lang>`` says; under its title a
    link to each language of ``choices`` (code, the language's own name) it is written in,
    always in the order given, then ``note`` (why it is not in ``lang``); at the foot the
    way to play it and ``links`` (address, words), the other rules pages; ``after``: HTML
    that follows the document (the game's ways to play and options)."""
    with language(lang):
        if html_body is None:
            head = f"<h1>{escape(str(t('{title}: rules', title=title)))}</h1>"
            rest = f"<p>{escape(str(t('This game has no rules document.')))}</p>"
        else:
            cut = html_body.find("</h1>")
            head, rest = (html_body[:cut + 5], html_body[cut + 5:]) if cut >= 0 else (
                f"<h1>{escape(str(t('{title}: rules', title=title)))}</h1>", html_body)
        if len(choices) > 1:
            current = ' aria-current="page"'
            items = "".join(
                f'<li><a href="?lang={escape(code)}" hreflang="{escape(code)}" '
                f'lang="{escape(code)}"{current if code == doc_lang else ""}>'
                f"{escape(name)}</a></li>" for code, name in choices)
            label = escape(str(t("The rules in other languages")))
            head += (f'<nav class="cc-languages" lang="{escape(lang)}" aria-label="{label}">'
                     f"<ul>{items}</ul></nav>")
        if note:
            head += f'<p class="cc-note" lang="{escape(lang)}">{escape(note)}</p>'
        body = f'<article class="cc-rules" lang="{escape(doc_lang)}">{head}{rest}</article>'
        ways = [("/#create", str(t("Play {title}", title=title))),
                ("/replay", str(t("Replays"))), *links]
        body += "<p>" + " · ".join(f'<a href="{escape(href)}">{escape(words)}</a>'
                                   for href, words in ways) + "</p>"
        heading = str(t("{title} rules", title=title))
    return page(heading, body + after, lang=lang, english=False)
