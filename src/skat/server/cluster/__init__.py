"""Several ``skat serve`` processes on one PostgreSQL database, with Redis between them.

Every process holds a replica of every table (replayed from the log, as after a restart) and
accepts any connection.  One process owns a table at a time (:mod:`~skat.server.cluster.db`:
a lease row with an expiry in PostgreSQL); only the owner checks, stores and applies moves and
runs the computer players and the clock.  Redis (:mod:`~skat.server.cluster.bus`) carries
ids, counters and public moves: "table t is at move n, which was this card", "here is move m
for your table t", "move m is done"; a discard (and every forwarded move while Redis is away)
waits in PostgreSQL, so no card of a hand or the skat travels through Redis before it is
played.  Each process renders its own connections' views from its replica
(:class:`~skat.server.cluster.node.ClusterHub`), and takes a table over from the log when its
owner's lease runs out.  :mod:`~skat.server.cluster.supervisor` starts N such processes on one
port (``skat serve --workers N --database postgresql://… --redis redis://…``).
"""
