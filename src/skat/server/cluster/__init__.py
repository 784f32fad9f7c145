"""Several ``skat serve`` processes on one PostgreSQL database, with Redis between them.

Every process holds a replica of every table (replayed from the log, as after a restart) and
accepts any connection.  One process owns a table at a time (:mod:`~skat.server.cluster.db`:
a lease row with an expiry in PostgreSQL); only the owner checks, stores and applies moves and
runs the computer players and the clock.  Redis (:mod:`~skat.server.cluster.bus`) carries
only ids and counters: "table t is at move n", "request r is waiting for you", "request r is
done"; the action text of a forwarded move waits in PostgreSQL, so no card travels through
Redis.  Each process renders its own connections' views from its replica
(:class:`~skat.server.cluster.node.ClusterHub`), and takes a table over from the log when its
owner's lease runs out.  :mod:`~skat.server.cluster.supervisor` starts N such processes on one
port (``skat serve --workers N --database postgresql://… --redis redis://…``).
"""
