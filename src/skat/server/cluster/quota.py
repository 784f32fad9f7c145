"""The limits per client address counted for the whole cluster, in Redis.

One process alone would allow every address its limits once per process: an address that
spreads its requests over N processes (the kernel or a load balancer does that by itself)
would create N times ``--tables-per-minute`` tables and hold N times ``--sockets-per-address``
connections.  So a cluster process counts both in Redis, in keys that hold numbers only (no
card, no token), each expiring by itself:

* ``{prefix}limit:create:{address}``: the token bucket of the tables created from the address
  (``tokens`` and ``at``, Redis's clock), taken from atomically by a Lua script; the key expires
  when the bucket would be full again.
* ``{prefix}limit:sockets:{address}``: a hash, one field per process, ``"count:until"``: the
  connections the address holds on that process, valid until ``until`` (Redis's clock).  Each
  process renews its fields every two seconds (:meth:`SharedLimits.renew`), so the connections
  of a process that died stop counting after :data:`SOCKETS_TTL` seconds.

While Redis cannot be reached each process counts alone (as without a cluster) and says so in
its log once; the computer-only tables per address are counted in PostgreSQL (the ``origin``
of each table, :func:`skat.server.limits.origin_of`), which is the one truth anyway.

>>> key("skat:c_1:", "sockets", "10.0.0.1")
'skat:c_1:limit:sockets:10.0.0.1'
"""

from __future__ import annotations

from typing import Any, Final

from skat.server.cluster.bus import log
from skat.server.limits import AddressLimits

SOCKETS_TTL: Final = 10
"""Seconds a process's count of an address's connections holds without renewal."""

CREATE: Final = """
local t = redis.call('TIME')
local now = tonumber(t[1]) + tonumber(t[2]) / 1e6
local rate, burst = tonumber(ARGV[1]), tonumber(ARGV[2])
local v = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(v[1]) or burst
local at = tonumber(v[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - at) * rate)
local ok = 0
if tokens >= 1 then
  tokens = tokens - 1
  ok = 1
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('EXPIRE', KEYS[1], math.ceil(burst / rate) + 1)
return ok
"""
"""Take a token from an address's bucket: 1 when it had one."""

SOCKETS: Final = """
local now = tonumber(redis.call('TIME')[1])
local me, mine, limit, ttl = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local others = 0
local fields = redis.call('HGETALL', KEYS[1])
for i = 1, #fields, 2 do
  if fields[i] ~= me then
    local n, u = string.match(fields[i + 1], '(%d+):(%d+)')
    if n and tonumber(u) >= now then
      others = others + tonumber(n)
    else
      redis.call('HDEL', KEYS[1], fields[i])
    end
  end
end
if limit > 0 and others + mine > limit then
  return 0
end
if mine > 0 then
  redis.call('HSET', KEYS[1], me, mine .. ':' .. (now + ttl))
  redis.call('EXPIRE', KEYS[1], ttl)
else
  redis.call('HDEL', KEYS[1], me)
end
return 1
"""
"""Set this process's count of an address's connections: 0 (not set) when with the other
processes' counts it would pass ``limit`` (0: no limit)."""


def key(prefix: str, kind: str, address: str) -> str:
    """The Redis key of one address's count."""
    return f"{prefix}limit:{kind}:{address}"


class SharedLimits(AddressLimits):
    """:class:`AddressLimits` counted across the processes of a cluster (module doc)."""

    def __init__(
        self, per_minute: float, burst: float, sockets: int, redis_url: str, prefix: str, name: str
    ) -> None:
        super().__init__(per_minute, burst, sockets)
        import redis.asyncio as aioredis

        self._redis = aioredis
        self._client = aioredis.from_url(redis_url, socket_timeout=2, socket_connect_timeout=2)
        self.prefix = prefix
        self.name = name
        self._create = self._client.register_script(CREATE)
        self._sockets = self._client.register_script(SOCKETS)
        self._away = False

    async def _call(self, script: Any, address: str, kind: str, *args: object) -> bool | None:
        """Run one script; ``None`` while Redis is away (then this process counts alone)."""
        try:
            result = await script(keys=[key(self.prefix, kind, address)], args=list(args))
        except (self._redis.RedisError, OSError) as exc:
            if not self._away:
                log.warning("limits per address counted in this process only: Redis: %s", exc)
            self._away = True
            return None
        self._away = False
        return bool(result)

    async def may_create(self, address: str) -> bool:
        if self.per_minute <= 0:
            return True
        shared = await self._call(
            self._create, address, "create", self.per_minute / 60.0, self.burst
        )
        return self.create_here(address) if shared is None else shared

    async def open_socket(self, address: str) -> bool:
        if not await super().open_socket(address):  # this process alone has too many
            return False
        if not self.sockets:  # no limit: nothing to count
            return True
        mine = self.open[address]
        if await self._call(self._sockets, address, "sockets", self.name, mine, self.sockets,
                            SOCKETS_TTL) is False:  # fmt: skip
            await super().close_socket(address)
            return False
        return True

    async def close_socket(self, address: str) -> None:
        await super().close_socket(address)
        if not self.sockets:
            return
        mine = self.open.get(address, 0)
        await self._call(self._sockets, address, "sockets", self.name, mine, 0, SOCKETS_TTL)

    async def renew(self) -> None:
        """Renew this process's counts of connections (every two seconds)."""
        if not self.sockets:
            return
        for address, mine in list(self.open.items()):
            if await self._call(
                self._sockets, address, "sockets", self.name, mine, 0, SOCKETS_TTL
            ) is None:  # fmt: skip
                return

    async def close(self) -> None:
        """Withdraw this process's counts (a clean stop) and close the connection."""
        for address in list(self.open) if self.sockets else ():
            self.open[address] = 0
            await self._call(self._sockets, address, "sockets", self.name, 0, 0, SOCKETS_TTL)
        await self._client.aclose()
