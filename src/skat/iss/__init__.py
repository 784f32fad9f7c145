"""The International Skat Server (ISS) text protocol: a server beside ``skat serve`` and a client.

- :mod:`skat.iss.codes`: moves between ISS text and the engine's actions, both ways;
- :mod:`skat.iss.lines`: the grammar of the lines a client sends, the limits on them;
- :mod:`skat.iss.feed`: what one seat is told about its table, line by line;
- :mod:`skat.iss.server`: the TCP server on the web server's hub (same tables, storage, authority);
- :mod:`skat.iss.shadow`: a client's own copy of the game, from what its seat is told;
- :mod:`skat.iss.client`: ``skat iss``, any :mod:`skat.ai` agent on an ISS server.

The protocol as this package speaks it is described in ``docs/iss-protocol.md``.
"""
