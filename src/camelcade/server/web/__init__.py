"""The web app: pages, ES modules and styles served by ``camelcade serve``, no build step.

The shell is game-agnostic; each game brings its board through its plug-in's ``WebSlot``
(``docs/web.md``). Everything the browser loads comes from this server: no CDN, so the
app and its ``/docs`` page work offline.
"""
