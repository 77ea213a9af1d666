"""``mjscore waits`` on BABA lines (docs/rules/baba.md): the table in KOBAN, JSON held to its
schema with cards for tiles, CSV, a file with a bad line, and the notes on OBABA and furiten.

Every figure is worked out from docs/rules/baba.md (§2 shapes, §4 Expert scoring, §6 payment);
each says why in a ``# why:`` comment (tests/analysis/corpus.txt holds the hands worked in full).
"""

from __future__ import annotations

import copy
import csv
import io
import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator, ValidationError

from tests.cli.test_cli import rows, write
from tests.cli.test_waits_cli import docs, run

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "mjscore" / "data" / "analysis.schema.json").read_text(encoding="utf-8"))
VALIDATOR = Draft202012Validator(SCHEMA)
# Three 馬々 and two 場々, the chip 場々: waits on 馬々 (San-toitsu), 場々 and OBABA (two Kohtsu).
HAND = "baba:馬馬馬場場 dora=場"
OBABA_NOTE = "wild: at most 4 in play (docs/rules/baba.md §1)"  # the widest note: the column's width


def test_a_baba_hand_is_a_table_in_koban() -> None:
    result = run("waits", HAND)
    assert (result.exit_code, result.stderr) == (0, "")
    # why: the hand as read, without a win (the line names none); the header of a BABA result
    # without its win row; 馬々 (4 - 3 held = 1 unseen), 場々 (4 - 2 = 2), OBABA (4 in play, none
    # seen; its note says so): 7 cards. 馬々: San-toitsu 1 + DORAYAKI 2 + Menzen 1 + Chin-itsu 2 =
    # 6; 場々: WIN 1 + DORAYAKI 3 + Menzen 1 + Chin-itsu 2 = 7; OBABA: WIN 1 + DORAYAKI 2 + Menzen 1
    # + Hon-itsu 1 = 5. A ron is paid by the discarder; a tsumo by each of the three others: x3.
    assert result.stdout == (
        "BABA (Expert rules): baba:馬々馬々馬々場々場々 dora=場々\n"
        "  players: 4\n"
        "  DORAYAKI chips: 場々\n"
        "  pot: 0\n"
        "  waits: 馬々 場々 OBABA (7 cards unseen)\n"
        "\n"
        "wait      unseen  ron                           tsumo                         notes\n"
        "------  --------  ----------------------------  ----------------------------  " + "-" * len(OBABA_NOTE) + "\n"
        "馬々           1  6 KOBAN                       18 KOBAN (total per payer 6)\n"
        "                  San-toitsu 1, DORAYAKI 2,     San-toitsu 1, DORAYAKI 2,\n"
        "                  Menzen 1, Chin-itsu 2         Menzen 1, Chin-itsu 2\n"
        "\n"
        "場々           2  7 KOBAN                       21 KOBAN (total per payer 7)\n"
        "                  WIN 1, DORAYAKI 3, Menzen 1,  WIN 1, DORAYAKI 3, Menzen 1,\n"
        "                  Chin-itsu 2                   Chin-itsu 2\n"
        "\n"
        "OBABA          4  5 KOBAN                       15 KOBAN (total per payer 5)  "
        f"{OBABA_NOTE}\n"
        "                  WIN 1, DORAYAKI 2, Menzen 1,  WIN 1, DORAYAKI 2, Menzen 1,\n"
        "                  Hon-itsu 1                    Hon-itsu 1\n"
        "note: a drawn OBABA completes the hand: it stands in for the card the hand waits on\n"
    )


def test_json_names_cards_and_pays_in_koban() -> None:
    result = run("waits", HAND, "--format", "json")
    assert result.exit_code == 0, result.output
    [doc] = docs(result.stdout)
    # why: as the table above: three waits, KOBAN, no han or fu; the context has no win (the line
    # names none) and lists the chip
    assert (doc["ruleset"], doc["payment_unit"], doc["unseen"], doc["furiten"]) == ("baba", "KOBAN", 7, [])
    assert doc["context"] == {
        "dorayaki_chips": ["場々"],
        "pot": 0,
        "flags": [],
        "options": {
            "players": 4,
            "obaba_dora": False,
            "obaba_set": False,
            "shown_menzen": True,
            "santoitsu_four": True,
        },
    }
    waits = doc["waits"]
    assert isinstance(waits, list)
    assert [(w["tile"], w["unseen"]) for w in waits] == [("馬々", 1), ("場々", 2), ("OBABA", 4)]
    tsumo = waits[1]["tsumo"]["value"]
    # why: 場々 by tsumo: 7 KOBAN from each of three, 21 in all
    assert (tsumo["total"], tsumo["summary"]["hand_value"], tsumo["summary"]["han"], tsumo["received"]) == (
        7,
        21,
        None,
        21,
    )
    assert tsumo["reading"] == "Kohtsu 馬々×3 · Kohtsu 場々×3"


def test_the_schema_holds_each_family_to_its_own() -> None:
    [baba] = docs(run("waits", HAND, "--format", "json").stdout)
    [riichi] = docs(run("waits", "24m456p55p567s789s", "--format", "json").stdout)
    assert (baba["ok"], riichi["ok"]) == (True, True)  # why: both hands are ready (see above)
    in_points = copy.deepcopy(baba)
    in_points["payment_unit"] = "points"
    with_a_card = copy.deepcopy(riichi)
    waits = with_a_card["waits"]
    assert isinstance(waits, list)
    waits[0]["tile"] = "馬々"
    with_a_riichi_context = copy.deepcopy(baba)
    with_a_riichi_context["context"] = riichi["context"]
    # why: a BABA document pays in KOBAN and has BABA's context, a riichi one names tiles (the
    # schema's allOf by ruleset); a card is any two characters (a deck file spells them), so a
    # BABA document is not told from its cards alone
    for wrong in (in_points, with_a_card, with_a_riichi_context):
        with pytest.raises(ValidationError):
            VALIDATOR.validate(wrong)


def test_csv_has_a_row_per_card_with_koban_and_no_han() -> None:
    result = run("waits", HAND, "--format", "csv")
    assert result.exit_code == 0, result.output
    table = list(csv.DictReader(io.StringIO(result.stdout)))
    # why: the three waits; the values are KOBAN (ron: the total; tsumo: three payers); no han or fu
    assert [(r["wait"], r["unseen"], r["ron_value"], r["tsumo_value"], r["ron_han"], r["ron_fu"]) for r in table] == [
        ("馬々", "1", "6", "18", "", ""),
        ("場々", "2", "7", "21", "", ""),
        ("OBABA", "4", "5", "15", "", ""),
    ]
    assert table[0]["ron_items"] == "San-toitsu 1; DORAYAKI 2; Menzen 1; Chin-itsu 2"


BABA_HANDS = f"{HAND}\nbaba:馬馬馬場 seen=xx\nbaba:(馬庭馬庭馬庭) 橋場O ron\n"


def test_a_baba_file_with_a_bad_line(tmp_path: Path) -> None:
    path = write(tmp_path / "baba.txt", BABA_HANDS)
    result = run("waits", str(path))
    # why: line 2 holds 4 cards (at the hand, column 6) and xx is no card (at it, column 16); lines 1
    # and 3 are analysed; exit 1 as for any line that fails. The sizes waits reads: 5 cards one short
    # of a win, 6 a card over, one more with a KAN
    assert result.exit_code == 1
    assert "line 1: BABA (Expert rules): baba:馬々馬々馬々場々場々 dora=場々\n" in result.stdout
    assert "line 3: BABA (Expert rules): baba:橋場O (馬庭馬庭馬庭) ron\n" in result.stdout
    errors = result.stderr.splitlines()
    assert errors[0] == (
        f"{path}:2:6: card count: 4 given; waits reads a hand of 5 cards, 6 with a KAN (one card short of a win), "
        "or 6, 7 with a KAN (a card just drawn: which to discard) [card-count]"
    )
    assert errors[1].startswith(f"{path}:2:16: 'xx' is not a card; the cards are 馬場 (MB), ")
    assert errors[1].endswith("[unknown-card]")
    assert errors[2:] == [f"{path}: 3 hands, 2 analysed, 1 failed"]
    as_json = docs(run("waits", str(path), "--format", "json").stdout)
    # why: the same three lines as documents, the bad one an error document of the analysis's schema
    assert [(d["line"], d["ok"], d["ruleset"]) for d in as_json] == [
        (1, True, "baba"),
        (2, False, "baba"),
        (3, True, "baba"),
    ]


def test_obaba_says_whether_it_completes_the_hand() -> None:
    pairs = run("waits", "baba:馬馬場場橋場")
    # why: two pairs and a single wait on the third pair (San-toitsu), which takes no OBABA (§2)
    assert pairs.exit_code == 0, pairs.output
    assert [row[0] for row in rows(pairs.stdout) if row[0] in ("橋場", "OBABA")] == ["橋場"]
    assert "note: a drawn OBABA does not complete the hand: it waits as San-toitsu or Ba-ittsu only, " in pairs.stdout
    three = run("waits", "baba:OO (馬場馬場馬場) tsumo")
    # why: a third OBABA beside two would leave three OBABA alone, no Kohtsu with obaba_set off (§2)
    assert "note: a drawn OBABA does not complete the hand: it would make three OBABA alone, no Kohtsu with " in (
        three.stdout
    )


def test_baba_has_no_furiten_and_says_so() -> None:
    result = run("waits", "baba:馬馬馬場場 ron discards=場")
    assert result.exit_code == 0, result.output
    # why: docs/rules/baba.md knows no furiten: the ron on 場々 is scored (WIN 1 + Menzen 1 +
    # Chin-itsu 2 = 4) and the row says why
    cells = {row[0]: row for row in rows(result.stdout) if row[0] in ("馬々", "場々", "OBABA")}
    assert cells["場々"][:3] == ["場々", "1", "4 KOBAN"]
    assert "among your discards: BABA (Expert rules) has no furiten, so a ron on it still wins" in result.stdout
    assert "furiten: no ron" not in result.stdout


def test_a_baba_hand_not_ready_shows_how_far_it_is_in_each_shape() -> None:
    result = run("waits", "baba:馬場馬庭番場羽場橋場")
    assert (result.exit_code, result.stderr) == (0, "")
    # why: four of the six 場 cards: Ba-ittsu lacks 場々 and 芭場 (1-shanten, 4 unseen each); five
    # different cards make San-toitsu's three pairs 3 cards short (2) and two Kohtsu 4 short (3)
    assert result.stdout == (
        "BABA (Expert rules): baba:馬場馬庭番場羽場橋場\n"
        "  players: 4\n"
        "  DORAYAKI chips: none given\n"
        "  pot: 0\n"
        "  shanten: 1 (two Kohtsu 3, San-toitsu 2, Ba-ittsu 1)\n"
        "  improving: 場々 芭場 (8 cards unseen)\n"
        "\n"
        "card      unseen\n"
        "------  --------\n"
        "場々           4\n"
        "芭場           4\n"
    )
    beginner = run("waits", "baba-beginner:馬馬場場橋場")
    # why: Beginner rules have two Kohtsu only (docs/rules/baba.md §5), so no other shape is shown:
    # both pairs kept, 2 cards short (1-shanten)
    assert "  shanten: 1 (two Kohtsu 1)\n" in beginner.stdout
    [doc] = docs(run("waits", "baba-beginner:馬馬場場橋場", "--format", "json").stdout)
    VALIDATOR.validate(doc)
    # why: the same in JSON: San-toitsu and Ba-ittsu, in the places of Seven Pairs and Thirteen
    # Orphans, are null; the improving cards 馬々 (4 - 2), 場々 (4 - 2) and OBABA (4)
    assert (doc["kind"], doc["shanten"]) == (
        "not-ready",
        {"best": 1, "standard": 1, "seven_pairs": None, "thirteen_orphans": None},
    )
    assert doc["improving"] == [
        {"tile": "馬々", "unseen": 2},
        {"tile": "場々", "unseen": 2},
        {"tile": "OBABA", "unseen": 4},
    ]


def test_a_baba_hand_a_card_over_is_a_table_of_discards() -> None:
    line = "baba:(馬庭馬庭馬庭) 橋場O羽場 ron"
    result = run("waits", line)
    assert (result.exit_code, result.stderr) == (0, "")
    # why: a PON and three cards: throwing 羽場 leaves 橋場 OBABA, ready on 橋場 (4 - 1) and OBABA
    # (4 - 1): WIN 1 by ron; throwing 橋場 alike (the deck's order puts 羽場 first); throwing the
    # OBABA leaves 橋場 羽場, 1-shanten, improved by either (3 each) or an OBABA (3: one is thrown)
    assert result.stdout == (
        "BABA (Expert rules): baba:羽場橋場O (馬庭馬庭馬庭) ron\n"
        "  win: ron (the discarder pays)\n"
        "  players: 4\n"
        "  DORAYAKI chips: none given\n"
        "  pot: 0\n"
        "\n"
        "discard    shanten    cards                    unseen  best         notes\n"
        "---------  ---------  ---------------------  --------  -----------  -------\n"
        "羽場       0 (ready)  橋場:3 OBABA:3                6  1 KOBAN\n"
        "                                                       ron on 橋場\n"
        "\n"
        "橋場       0 (ready)  羽場:3 OBABA:3                6  1 KOBAN\n"
        "                                                       ron on 羽場\n"
        "\n"
        "OBABA      1          羽場:3 橋場:3 OBABA:3         9\n"
        "note: the line says ron: only a ron is scored\n"
    )
    [doc] = docs(run("waits", line, "--format", "json").stdout)
    VALIDATOR.validate(doc)
    # why: as the table: KOBAN, no card drawn (a BABA line names none), the rows in order, the
    # OBABA row's shanten of two Kohtsu only (a hand with a meld makes no other shape)
    assert (doc["kind"], doc["payment_unit"], doc["drawn"], doc["complete"]) == ("discards", "KOBAN", None, False)
    rows = doc["rows"]
    assert isinstance(rows, list)
    assert [(r["discard"], r["unseen"], r["best"]) for r in rows] == [
        ("羽場", 6, {"tile": "橋場", "win": "ron", "hand_value": 1}),
        ("橋場", 6, {"tile": "羽場", "win": "ron", "hand_value": 1}),
        ("OBABA", 9, None),
    ]
    assert rows[2]["shanten"] == {"best": 1, "standard": 1, "seven_pairs": None, "thirteen_orphans": None}
    table = list(csv.DictReader(io.StringIO(run("waits", line, "--format", "csv").stdout)))
    # why: a row per wait of each ready discard (two each), one for the row not ready
    assert [(r["discard"], r["wait"], r["ron_value"]) for r in table] == [
        ("羽場", "橋場", "1"),
        ("羽場", "OBABA", "1"),
        ("橋場", "羽場", "1"),
        ("橋場", "OBABA", "1"),
        ("OBABA", "", ""),
    ]
