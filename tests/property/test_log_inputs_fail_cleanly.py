"""Every spoilt Tenhou log fails cleanly (hypothesis): a stored real log with any item replaced,
removed, cut short or inserted is checked round by round and written in every format, each round
that cannot be read told as a ``LogError`` (file, round, place), never another exception."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mjscore.logs.report import Unreadable, check_game_text
from mjscore.logs.tenhou import split_logs
from mjscore.render.log import get_log_renderer

SOME = settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
DATA = Path(__file__).resolve().parents[1] / "data" / "tenhou"
LOGS = [json.loads(path.read_text("utf-8")) for path in sorted(DATA.glob("*.json"))]
# what an item may become: tiles, codes the lists use, calls of every letter, and other shapes
VALUES = [0, 1, -1, 60, 99, 53, 16, 47, 10**20, 1.5, True, None, "", "x", "r11", "r60", "和了", "流局"]
VALUES += ["c151416", "p474747", "47p4747", "3636k3636", "161616a16", "m39393939", "c1", "p4747470"]
VALUES += [[], {}, [0, 0, 0], [25000] * 4]


def _places(item: object, path: tuple[int | str, ...] = ()) -> list[tuple[int | str, ...]]:
    """The path of every item inside ``item`` (not itself)."""
    inner: list[tuple[int | str, ...]] = []
    keys: list[int | str] = []
    if isinstance(item, list):
        keys = list(range(len(item)))
    elif isinstance(item, dict):
        keys = list(item)
    for key in keys:
        inner.append((*path, key))
        inner += _places(item[key] if isinstance(item, dict) else item[int(key)], (*path, key))
    return inner


@st.composite
def spoilt_logs(draw: st.DrawFn) -> str:
    document = json.loads(json.dumps(draw(st.sampled_from(LOGS))))
    for _ in range(draw(st.integers(1, 3))):
        *to_parent, key = draw(st.sampled_from(_places(document)))
        parent = document
        for step in to_parent:
            parent = parent[step]
        how = draw(st.sampled_from(["set", "remove", "cut", "insert"]))
        value = json.loads(json.dumps(draw(st.sampled_from(VALUES))))  # a copy: the document is changed in place
        if how == "set" or not isinstance(parent, list):
            parent[key] = value
        elif how == "remove":
            del parent[key]
        elif how == "cut" and isinstance(parent[key], list):
            parent[key] = parent[key][: draw(st.integers(0, len(parent[key])))]
        else:
            parent.insert(int(key), value)
    return json.dumps(document, ensure_ascii=False)


@SOME
@given(spoilt_logs())
def test_a_spoilt_log_is_told_never_a_traceback(text: str) -> None:
    renderers = [get_log_renderer(fmt) for fmt in ("table", "json", "csv", "game-file")]
    (game,) = split_logs([text + "\n"])
    checked = check_game_text(game, "spoilt.json", 1)
    for record in checked.records():
        if isinstance(record, Unreadable):
            assert str(record.error).startswith("spoilt.json: ")
    for renderer in renderers:
        renderer.game(checked)
