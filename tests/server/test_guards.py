"""The protocol layer's guards (``skat.server.guards``): an oversized WebSocket frame or
request body is refused before it is read, a socket that never says hello is closed, another
site's page cannot open a table, and every answer (the 500 page too) has the security
headers."""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from starlette.responses import PlainTextResponse
from starlette.testclient import TestClient
from starlette.types import Receive, Scope, Send
from starlette.websockets import WebSocketDisconnect
from tests.server.client import FAST, create, hello, receive_until
from tests.server.live import free_port, post, server

from skat.server.app import create_app
from skat.server.guards import HTTP_BURST, MAX_BODY, SOCKET_BURST, Guarded, WebLimits
from skat.server.pacing import Pacer
from skat.server.storage import open_storage

HUMANS3 = {"seats": ["human", "human", "human"], "games": 1}
MB = 1024 * 1024


def resident_kb(pid: int) -> int:
    """The process's resident memory (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


def http_answer(sock: socket.socket) -> bytes:
    """What the server answered until it closed the connection or 30 s passed."""
    sock.settimeout(30)
    data = b""
    try:
        while chunk := sock.recv(65536):
            data += chunk
            if b"\r\n\r\n" in data and data.rstrip().endswith(b"}"):
                break
    except (ConnectionResetError, TimeoutError):
        pass
    return data


def upload(port: int, total: int, chunked: bool) -> tuple[bytes, int]:
    """Send a POST of ``total`` bytes to the table API (with its ``Content-Length`` or in
    chunks without one) as long as the server reads; its answer and the bytes it took."""
    sock = socket.create_connection(("127.0.0.1", port))
    head = "POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
    head += "Transfer-Encoding: chunked\r\n\r\n" if chunked else f"Content-Length: {total}\r\n\r\n"
    sock.sendall(head.encode())
    block = b"[" * MB
    frame = f"{len(block):x}\r\n".encode() + block + b"\r\n" if chunked else block
    sent = 0
    sock.settimeout(10)
    try:
        while sent < total:
            sock.sendall(frame)
            sent += len(block)
    except (BrokenPipeError, ConnectionResetError, TimeoutError):
        pass  # the server stopped reading: the answer is waiting
    answer = http_answer(sock)
    sock.close()
    return answer, sent


@pytest.fixture
def live_port(tmp_path: Path) -> Iterator[tuple[int, int]]:
    """A real server (uvicorn); its port and process id."""
    port = free_port()
    with server(str(tmp_path / "data"), port, extra=["--hello-within", "2"]) as proc:
        yield port, proc.pid


# ---------------------------------------------------------------- oversized messages


def test_a_16_mb_frame_is_refused_with_1009_before_it_is_read(
    live_port: tuple[int, int],
) -> None:
    """The frame's header announces 16 MB and only 64 KB follow: a server that waited to
    read the frame whole would never answer."""
    from websockets.sync.client import connect

    port, _ = live_port
    made = post(port, "/api/tables", HUMANS3)
    sock = socket.create_connection(("127.0.0.1", port))
    sock.sendall(
        f"GET /ws/{made['id']} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
        "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
        "Sec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    sock.settimeout(30)
    handshake = b""
    while b"\r\n\r\n" not in handshake:
        handshake += sock.recv(4096)
    assert handshake.startswith(b"HTTP/1.1 101"), handshake
    head = bytes([0x81, 0x80 | 127]) + (16 * MB).to_bytes(8, "big") + b"\0\0\0\0"
    sock.sendall(head + b"x" * 65536)  # a zero mask: the payload as it is
    answer = handshake.split(b"\r\n\r\n", 1)[1]
    while len(answer) < 4:
        chunk = sock.recv(4096)
        if not chunk:
            break
        answer += chunk
    sock.close()
    assert answer[0] == 0x88, answer  # a close frame
    assert int.from_bytes(answer[2:4], "big") == 1009
    with connect(f"ws://127.0.0.1:{port}/ws/{made['id']}") as ws:  # the server lives on
        ws.send(json.dumps({"type": "hello", "token": made["token"]}))
        assert json.loads(ws.recv(timeout=30))["type"] == "welcome"


def test_a_message_over_the_bound_closes_the_socket_with_1009(
    live_port: tuple[int, int],
) -> None:
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    port, _ = live_port
    made = post(port, "/api/tables", HUMANS3)
    url = f"ws://127.0.0.1:{port}/ws/{made['id']}"
    with connect(url) as ws, pytest.raises(ConnectionClosed) as closed:
        ws.send(json.dumps({"type": "hello", "token": made["token"]}))
        ws.send("x" * (WebLimits().max_message + 1))
        while True:
            ws.recv(timeout=30)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009


@pytest.mark.parametrize("chunked", [False, True], ids=["content-length", "chunked"])
def test_a_128_mb_upload_gets_413_without_the_server_holding_it(
    live_port: tuple[int, int], chunked: bool
) -> None:
    port, pid = live_port
    before = resident_kb(pid)
    answer, sent = upload(port, 128 * MB, chunked)
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    assert b'"too_long"' in answer
    assert resident_kb(pid) - before < 32 * 1024  # not the 128 MB
    assert sent < 128 * MB  # the server stopped taking it


def test_a_body_over_the_bound_is_refused_by_its_length_before_the_endpoint_reads_it(
    tmp_path: Path,
) -> None:
    reads: list[int] = []

    def body() -> Iterator[bytes]:
        for _ in range(64):
            reads.append(1)
            yield b"[" * 1024

    with TestClient(create_app(tmp_path / "d", FAST)) as client:
        declared = client.post(
            "/api/tables",
            content=b"{}",
            headers={"Content-Type": "application/json", "Content-Length": str(10 * MB)},
        )
        streamed = client.post(
            "/api/tables", content=body(), headers={"Content-Type": "application/json"}
        )
        fits = client.post("/api/tables", json=HUMANS3)
    assert declared.status_code == streamed.status_code == 413
    assert streamed.json() == {
        "error": "too_long",
        "message": f"a request body has at most {MAX_BODY} bytes",
    }
    assert "content-security-policy" in streamed.headers
    assert fits.status_code == 201


# ---------------------------------------------------------------- idle sockets, Origin


def test_a_socket_that_never_says_hello_is_closed_after_the_bound(tmp_path: Path) -> None:
    app = create_app(tmp_path / "d", FAST, web=WebLimits(hello_within=0.5))
    with TestClient(app) as client:
        made = create(client, **HUMANS3)
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            error = receive_until(ws, "error")
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
        with client.websocket_connect(f"/ws/{made['id']}") as ws:  # one that greets stays
            hello(ws, made["token"])
            time.sleep(1.0)
            ws.send_json({"type": "ping"})
            assert receive_until(ws, "pong")
    assert error["code"] == "idle" and closed.value.code == 1008


def test_a_live_server_closes_a_silent_socket(live_port: tuple[int, int]) -> None:
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    port, _ = live_port
    made = post(port, "/api/tables", HUMANS3)
    url = f"ws://127.0.0.1:{port}/ws/{made['id']}"
    with connect(url) as ws, pytest.raises(ConnectionClosed) as closed:
        while True:
            ws.recv(timeout=60)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008


@pytest.mark.parametrize(
    ("origin", "sites", "opened"),
    [
        (None, (), True),
        ("http://testserver", (), True),
        ("https://skat.example.org", ("https://skat.example.org",), True),
        ("https://evil.example", (), False),
        ("https://evil.example", ("https://skat.example.org",), False),
    ],
)
def test_only_pages_of_the_site_may_open_a_table_socket(
    tmp_path: Path, origin: str | None, sites: tuple[str, ...], opened: bool
) -> None:
    app = create_app(tmp_path / "d", FAST, web=WebLimits(sites=sites))
    headers = {"Origin": origin} if origin else {}
    with TestClient(app) as client:
        made = create(client, **HUMANS3)
        if opened:
            with client.websocket_connect(f"/ws/{made['id']}", headers=headers) as ws:
                hello(ws, made["token"])
            join = client.post(f"/api/tables/{made['id']}/join", headers=headers)
            assert join.status_code == 200
        else:
            with (
                pytest.raises(WebSocketDisconnect) as refused,
                client.websocket_connect(f"/ws/{made['id']}", headers=headers),
            ):
                pass
            assert refused.value.code == 1008
            join = client.post(f"/api/tables/{made['id']}/join", headers=headers)
            assert join.status_code == 403


def test_a_foreign_origin_is_refused_in_the_handshake_by_a_live_server(
    live_port: tuple[int, int],
) -> None:
    from websockets.exceptions import InvalidStatus
    from websockets.sync.client import connect

    port, _ = live_port
    made = post(port, "/api/tables", HUMANS3)
    url = f"ws://127.0.0.1:{port}/ws/{made['id']}"
    with pytest.raises(InvalidStatus) as refused:
        connect(url, origin="https://evil.example")  # type: ignore[arg-type]
    assert refused.value.response.status_code == 403
    with connect(url, origin=f"http://127.0.0.1:{port}") as ws:  # type: ignore[arg-type]
        ws.send(json.dumps({"type": "hello"}))
        assert json.loads(ws.recv(timeout=30))["type"] == "welcome"


# ---------------------------------------------------------------- security headers


def test_the_500_page_has_the_security_headers_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = create_app(tmp_path / "d", FAST)
    with TestClient(app, raise_server_exceptions=False) as client:
        hub = app.state.hub

        async def broken(limit: int, offset: int) -> None:
            raise RuntimeError("a fault")

        monkeypatch.setattr(hub, "lobby_json", broken)
        answer = client.get("/api/tables")
    assert answer.status_code == 500
    assert "frame-ancestors 'none'" in answer.headers["content-security-policy"]
    assert answer.headers["x-frame-options"] == "DENY"
    assert answer.headers["x-content-type-options"] == "nosniff"


# ---------------------------------------------------------------- the pace of HTTP requests


@dataclass
class NotedPacer(Pacer):
    """A :class:`Pacer` noting each wait it gave."""

    waits: list[float | None] = field(default_factory=list)

    def turn(self, address: str, now: float | None = None) -> float | None:
        self.waits.append(super().turn(address, now))
        return self.waits[-1]

    def waited(self) -> bool:
        """The first two came at once, the third waited for its turn (not refused)."""
        third = self.waits[2]
        return self.waits[:2] == [0.0, 0.0] and third is not None and third > 0


def _paced_app(pacer: Pacer) -> TestClient:
    """A page behind :class:`Guarded` with ``pacer``: each answer says how often it was asked."""
    asked = {"n": 0}

    async def page(scope: Scope, receive: Receive, send: Send) -> None:
        asked["n"] += 1
        await PlainTextResponse(str(asked["n"]))(scope, receive, send)

    return TestClient(Guarded(page, pacer))


def test_requests_past_the_burst_wait_their_turn_then_are_answered() -> None:
    pacer = NotedPacer(rate=1, burst=2, patience=5)
    client = _paced_app(pacer)
    answers = [client.get("/api/tables") for _ in range(3)]
    assert [a.status_code for a in answers] == [200, 200, 200]
    assert [a.text for a in answers] == ["1", "2", "3"]
    assert pacer.waited()  # the third's turn came


def test_a_request_whose_turn_is_past_the_patience_gets_429_at_once() -> None:
    client = _paced_app(Pacer(rate=0.001, burst=2, patience=1))
    assert [client.get("/").status_code for _ in range(2)] == [200, 200]
    refused = client.get("/api/tables")
    assert refused.status_code == 429
    assert refused.json()["error"] == "rate"
    assert refused.headers["retry-after"] == "1"
    assert refused.headers["x-frame-options"] == "DENY"  # the security headers too
    assert client.get("/").status_code == 429  # the page behind was not asked again


def test_the_server_paces_each_address_by_its_http_rate() -> None:
    app = create_app(open_storage(":memory:"), web=WebLimits(http_rate=0.001))
    stack = app.build_middleware_stack()
    assert isinstance(stack, Guarded) and stack.pacer.rate == 0.001
    with TestClient(app) as client:
        codes = [client.get("/api/options").status_code for _ in range(HTTP_BURST + 1)]
    assert codes == [200] * HTTP_BURST + [429]


# ---------------------------------------------------------------- the pace of new sockets


def _socket_app(sockets: Pacer) -> tuple[TestClient, dict[str, int]]:
    """A WebSocket behind :class:`Guarded` with ``sockets``: each says how often one opened
    (and the count)."""
    opened = {"n": 0}

    async def table(scope: Scope, receive: Receive, send: Send) -> None:
        await receive()  # websocket.connect
        opened["n"] += 1
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.send", "text": str(opened["n"])})
        await send({"type": "websocket.close", "code": 1000})

    return TestClient(Guarded(table, sockets=sockets)), opened


def test_sockets_past_the_burst_wait_their_turn_and_later_ones_are_refused() -> None:
    pacer = NotedPacer(rate=20, burst=2, patience=1)
    client, _ = _socket_app(pacer)
    said = []
    for _ in range(3):
        with client.websocket_connect("/ws/t") as ws:
            said.append(ws.receive_text())
    assert said == ["1", "2", "3"]  # the third waited for its turn, then opened
    assert pacer.waited()
    slow, opened = _socket_app(Pacer(rate=0.001, burst=2, patience=1))
    for _ in range(2):
        with slow.websocket_connect("/ws/t") as ws:
            ws.receive_text()
    with pytest.raises(WebSocketDisconnect) as refused, slow.websocket_connect("/ws/t"):
        pass
    assert refused.value.code == 1008  # before its handshake: a browser sees 403
    assert opened["n"] == 2  # the table behind never saw it


def test_the_server_paces_the_sockets_each_address_opens() -> None:
    app = create_app(open_storage(":memory:"), web=WebLimits(socket_rate=0.001))
    stack = app.build_middleware_stack()
    assert isinstance(stack, Guarded) and stack.sockets.rate == 0.001
    codes = []
    with TestClient(app) as client:
        for _ in range(SOCKET_BURST + 1):
            try:
                with client.websocket_connect("/ws/nosuchtable") as ws:
                    codes.append(json.loads(ws.receive_text())["code"])
            except WebSocketDisconnect as exc:
                codes.append(exc.code)
        assert client.get("/api/options").status_code == 200  # its HTTP requests: their own pace
    assert codes == ["not_found"] * SOCKET_BURST + [1008]


def test_a_real_server_refuses_a_socket_past_its_pace_before_the_handshake(
    tmp_path: Path,
) -> None:
    """uvicorn answers a socket the application closes before accepting it with HTTP 403."""
    port = free_port()
    with server(str(tmp_path / "data"), port, extra=["--socket-rate", "0.001"]):
        answers = []
        for _ in range(SOCKET_BURST + 1):
            with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
                sock.sendall(
                    b"GET /ws/nosuchtable HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                    b"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                    b"Sec-WebSocket-Version: 13\r\n\r\n"
                )
                answers.append(sock.recv(4096).split(b"\r\n", 1)[0])
    assert answers == [b"HTTP/1.1 101 Switching Protocols"] * SOCKET_BURST + [
        b"HTTP/1.1 403 Forbidden"
    ]
