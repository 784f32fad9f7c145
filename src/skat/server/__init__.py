"""``skat serve``: a web Skat table on a real server (Starlette + uvicorn, the ``web`` extra).

The server is the only authority: :mod:`skat.server.table` checks every action with the
engine and a state counter, :mod:`skat.server.visibility` decides what each seat and each
spectator may see, :mod:`skat.server.storage` writes every move (SQLite or PostgreSQL) before
anyone sees it, :mod:`skat.server.hub` runs the tables, computer players and move clocks,
:mod:`skat.server.protocol` defines the messages and :mod:`skat.server.app` the web
application.  Imports :mod:`skat.core`, :mod:`skat.series`, :mod:`skat.records` and
:mod:`skat.ai`; never :mod:`skat.cli`.
"""
