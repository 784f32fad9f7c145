"""The lobby's answers: every rules option of the core for the form, the core's reading of a
rules string, the computer levels by strength, the card packs (Starlette's test client)."""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path

import pytest
from tests.server.client import running

from skat.ai.arena import AGENTS, BASELINES
from skat.ai.pimc import PimcAgent, hard
from skat.core.rules import EXCLUDED, OPTIONS, PRESETS, Rules
from skat.server.cards_svg import PACKS
from skat.server.table import LEVEL_ALIASES, LEVELS_BY_STRENGTH


def test_the_form_offers_every_option_of_the_core_with_its_default(tmp_path: Path) -> None:
    with running(str(tmp_path / "data")) as client:
        data = client.get("/api/options").json()
    form = data["rules"]
    assert [o["name"] for o in form["options"]] == [o.name for o in OPTIONS]
    assert [o["name"] for o in form["options"]] == [f.name for f in fields(Rules)]
    defaults = {name: value for name, value, _ in Rules().describe()}
    kinds = {o["name"]: o["kind"] for o in form["options"]}
    for o in form["options"]:
        assert o["default"] == defaults[o["name"]]
        if o["kind"] in ("choice", "set"):
            assert o["default"] in o["choices"] or o["kind"] == "set"
    assert kinds["kontra"] == "switch" and kinds["ramsch"] == "choice"
    assert kinds["bock_triggers"] == "set" and kinds["pot"] == "number"
    assert data["presets"] == form["presets"] == list(PRESETS)
    assert form["excluded"]["old"] == sorted(EXCLUDED["old"]) and form["excluded"]["isko"] == []


@pytest.mark.parametrize("preset", list(PRESETS))
def test_choosing_a_preset_fills_the_form_with_the_cores_values(
    tmp_path: Path, preset: str
) -> None:
    with running(str(tmp_path / "data")) as client:
        answer = client.get("/api/rules", params={"rules": preset}).json()
    values = {name: value for name, value, _ in PRESETS[preset].describe()}
    assert answer["values"] == values
    assert answer["preset"] == preset and answer["options"] == ""
    assert Rules.parse(answer["rules"]) == PRESETS[preset]


@pytest.mark.parametrize(
    "text",
    [
        "isko,kontra=on,supra=on",
        "pub,bock=off,spitze=on",
        "isko,ramsch=gewinner",  # the core implies the skat to the loser
        "isko,ramsch=gewinner,ramsch_skat=last_trick",  # said otherwise: kept
        "tournament,score_sheet=plain,bock=on,bock_triggers=6060+list_total",
        "old",
    ],
)
def test_the_expert_string_and_the_controls_read_back_as_the_same_rules(
    tmp_path: Path, text: str
) -> None:
    with running(str(tmp_path / "data")) as client:
        answer = client.get("/api/rules", params={"rules": text}).json()
    preset = text.split(",")[0]
    written = ",".join(x for x in (preset, answer["options"]) if x)
    assert Rules.parse(written) == Rules.parse(text) == Rules.parse(answer["rules"])
    assert answer["values"] == {n: v for n, v, _ in Rules.parse(text).describe()}


def test_a_refused_rules_string_is_the_cores_one_line_error(tmp_path: Path) -> None:
    with running(str(tmp_path / "data")) as client:
        bad = client.get("/api/rules", params={"rules": "isko,supra=on"})
        old = client.get("/api/rules", params={"rules": "old,kontra=on"})
        empty = client.get("/api/rules")
        choice = client.get("/api/rules", params={"rules": "isko,ramsch=often"})
    assert bad.status_code == 400
    assert bad.json()["message"] == "rules option supra=on needs kontra=on"
    assert bad.json()["key"] == "needs" and bad.json()["params"]["needed"] == "kontra=on"
    assert old.status_code == 400 and old.json()["key"] == "excluded"
    assert choice.json()["key"] == "takes_one_of"
    assert choice.json()["params"]["choices"] == ["off", "ramsch", "schieberamsch", "gewinner"]
    assert empty.status_code == 400 and "\n" not in empty.json()["message"]


def test_the_computer_levels_are_listed_from_the_weakest_to_the_strongest(
    tmp_path: Path,
) -> None:
    with running(str(tmp_path / "data")) as client:
        levels = client.get("/api/options").json()["computers"]
    assert sorted(levels) == sorted(set(AGENTS) - set(LEVEL_ALIASES) - BASELINES)
    assert levels[:4] == ["random", "heuristic", "pimc-fast", "pimc-easy"]
    assert levels[-1] == "pimc-expert"
    assert levels.index("pimc-medium") < levels.index("pimc-hard") < levels.index("pimc-learned")
    assert set(LEVELS_BY_STRENGTH) <= set(AGENTS)


def test_a_level_alias_is_seated_but_not_offered_beside_the_level_it_names(
    tmp_path: Path,
) -> None:
    with running(str(tmp_path / "data")) as client:
        levels = client.get("/api/options").json()["computers"]
        made = client.post("/api/tables", json={"seats": ["human", "pimc", "heuristic"]})
    assert "pimc" not in levels and "pimc-hard" in levels
    assert PimcAgent().level == hard().level  # the alias plays as the level it names
    assert made.status_code == 201, made.text


@pytest.mark.parametrize("pack", PACKS)
def test_every_card_of_every_pack_is_drawn(tmp_path: Path, pack: str) -> None:
    suits = {"french": ("#1a1a1a", "#dc2626"), "german": ("#6b3f10", "#2e7d32")}
    with running(str(tmp_path / "data")) as client:
        cards = [
            client.get(f"/cards/{s}{r}.svg", params={"pack": pack, "lang": "en"})
            for s in "CSHD"
            for r in "789TJQKA"
        ]
        unknown = client.get("/cards/CJ.svg", params={"pack": "tarot"})
    assert all(c.status_code == 200 and c.text.startswith("<svg") for c in cards)
    assert len({c.text for c in cards}) == 32
    jack = cards[4].text  # CJ
    assert (">U<" in jack) == (pack == "german") and (">J<" in jack) == (pack != "german")
    for colour in suits.get(pack, ()):
        assert any(colour in c.text for c in cards)
    assert unknown.status_code == 404 and "tarot" in unknown.text
