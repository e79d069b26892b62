"""The ways a notice reaches a player: e-mail and Web Push (``camelcade.server.outbox``)."""
