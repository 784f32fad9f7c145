"""Malformed, hostile and out-of-turn lines get an error line and change nothing; a client
that drops comes back to its place; the deal shows only the recipient's cards."""

from __future__ import annotations

from tests.iss.conftest import Line, Live, table_of


def _seat_lines(lines: list[Line], name: str) -> tuple[list[str], dict[str, Line]]:
    starts = [c.until("start") for c in lines]
    names = starts[0].split()[5::2]
    by_user = {c.user: c for c in lines}
    return names, by_user


def test_hostile_lines_get_error_lines_and_change_nothing(live: Live) -> None:
    a, b, c = (Line(live.iss, u) for u in ("h_a", "h_b", "h_c"))
    name = table_of(a, b, c)
    names, by_user = _seat_lines([a, b, c], name)
    deals = {c.user: c.until("play", "w") for c in (a, b, c)}
    fore, middle = by_user[names[0]], by_user[names[1]]
    hostile = [
        f"table .{name} {fore.user} play 18",  # out of turn: Middlehand bids first
        f"table .{name} {middle.user} play 17",  # no such bid
        f"table .{name} {middle.user} play C.J.X",  # no move at all
        f"table .{name} {fore.user} play",  # no move
        f"table .{name} someone_else play 18",  # another user's name
        "table .nosuch h_a play 18",
        "dance with me",
        "x" * 5000,
        b"\xff\xfe table",
    ]
    for line in hostile:
        sender = fore if isinstance(line, str) and fore.user in line else middle
        sender.send(line)
        error = sender.until("error")
        assert error.split()[0] in ("error", "table") and "_" in error
    # nothing changed: Middlehand's bid is still the next move, and all three are told it
    middle.send(f"table .{name} {middle.user} play 18")
    for client in (a, b, c):
        assert client.until("play", "18").split()[4] == "1"
    # each saw only its own ten cards in the deal
    for user, line in deals.items():
        hands = line.split()[5].split("|")
        seat = names.index(user)
        assert all(("??" in h) != (i == seat) for i, h in enumerate(hands[:3]))
        assert hands[3] == "??.??"
    for client in (a, b, c):
        client.close()


def test_a_dropped_client_comes_back_to_its_place(live: Live) -> None:
    a, b, c = (Line(live.iss, u) for u in ("r_a", "r_b", "r_c"))
    name = table_of(a, b, c)
    names, by_user = _seat_lines([a, b, c], name)
    middle = by_user[names[1]]
    deal = middle.until("play", "w")
    middle.send(f"table .{name} {middle.user} play 18")
    middle.until("play", "18")
    middle.close()  # killed mid-game
    stranger = Line(live.iss, middle.user, password="wrong")
    back = Line(live.iss, middle.user)
    assert back.until("start").split()[1] == f".{name}"
    assert back.until("play", "w") == deal
    assert back.until("play", "18").split()[4] == "1"  # the game so far, told again
    stranger.send(f"table .{name} {middle.user} play y")
    assert "_not_at_table" in stranger.until("error")
    for client in (a, b, c, back, stranger):
        client.close()
