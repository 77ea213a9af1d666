"""Every input fails cleanly (hypothesis): rules files, deck files, command lines and batch input
of any shape give an exit code of 0, 1 or 2, never a traceback, and what reaches stderr holds no
control character and stays short.

A shorter run of the fuzzing of issue 12 (rules and deck files of any shape, deep nesting, long
values, any argument, any environment, any bytes): it found what tests/cli/test_cli.py now holds
to, one case each.
"""

from __future__ import annotations

import re
import string
from pathlib import Path

from click.testing import CliRunner, Result
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mjscore.cli import main

SOME = settings(max_examples=100, deadline=None, suppress_health_check=list(HealthCheck))
CONTROL = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f]")

NAMES = ["riichi", "hana", "baida", "baba", "baba-beginner", "expert", "BABA", "Riichi", "wild", "nosuch", "ruleset"]
DECK_NAMES = ["/dev/zero", "", "/", "a\x00b", "nothere.toml"]
KEYS = ["players", "obaba_dora", "kuitan", "aka", "kiriage", "double_wind_fu", "renhou"]
KEYS += ["flowers", "variant", "all_triplets", "chicken", "x"]
HANDS = [
    "baba:MBMBMB NBNBNB ron",
    "MNMNMN KBKBKB tsumo",
    "riichi:234m456p345s2p(678s)+2p ron",
    "hana:123m456p789s11z22z2z 1f3g tsumo",
    "baida:12346p789p789m11z+5p tsumo baida=5p",
]
# a value longer than stderr may be: a message that quotes it whole fails the "short" check
longs = st.integers(20_001, 30_000).map("Q".__mul__)
scalars = st.one_of(
    longs,
    st.integers(-(10**30), 10**30),
    st.booleans(),
    st.floats(allow_nan=False),
    st.text(max_size=20),
    st.sampled_from(["on", "off", "3", "mangan", "5HAN", "\x1b]2;x\x07", "/dev/null", "", "a\x00b"]),
)
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=3), max_leaves=6)


def toml(value: object) -> str:
    """A TOML value: strings escaped (\\uXXXX), floats as repr."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, list):
        return "[" + ", ".join(map(toml, value)) + "]"
    text = str(value)
    escaped = "".join(c if c.isprintable() and c not in '"\\' else _escape(c) for c in text)
    return f'"{escaped}"'


def _escape(ch: str) -> str:
    return "?" if 0xD800 <= ord(ch) < 0xE000 else f"\\U{ord(ch):08x}"


@st.composite
def rules_files(draw: st.DrawFn) -> str:
    lines = []
    if draw(st.booleans()):
        lines.append(f"ruleset = {toml(draw(st.one_of(st.sampled_from(NAMES), values)))}")
    if draw(st.booleans()):
        lines.append(f"deck = {toml(draw(st.one_of(st.sampled_from(DECK_NAMES), values)))}")
    for _ in range(draw(st.integers(0, 3))):
        name = draw(st.one_of(st.sampled_from(NAMES), st.text(alphabet=string.ascii_letters + "-", min_size=1), longs))
        lines.append(f"[{toml(name)}]")
        lines += [f"{draw(st.sampled_from(KEYS))} = {toml(draw(values))}" for _ in range(draw(st.integers(0, 3)))]
    if draw(st.integers(0, 4)) == 0:
        depth = draw(st.integers(1, 1500))
        lines.append("nested = " + "[" * depth + "]" * depth)
    if draw(st.integers(0, 4)) == 0:
        lines.insert(draw(st.integers(0, len(lines))), draw(st.text(max_size=30)))
    return "\n".join(lines) + "\n"


KINDS = [("馬場", "MB"), ("馬庭", "MN"), ("馬々", "MR"), ("馬羽", "MH"), ("場々", "BR")]
KINDS += [("番場", "NB"), ("羽場", "HB"), ("橋場", "KB"), ("芭場", "PB")]


@st.composite
def deck_files(draw: st.DrawFn) -> str:
    kinds: list[tuple[object, object]] = list(KINDS)
    for _ in range(draw(st.integers(0, 3))):
        at = draw(st.integers(0, len(kinds)))
        kinds[at:at] = [(draw(st.one_of(st.text(max_size=3), values)), draw(st.one_of(st.text(max_size=3), values)))]
        if draw(st.integers(0, 4)) == 0:  # the same long spelling twice
            kinds[at:at] = [(long := draw(longs), "QQ"), (long, "QR")]
        if draw(st.booleans()):
            del kinds[draw(st.integers(0, len(kinds) - 1))]
    lines = [f"wild_cards = {toml(draw(values))}"] if draw(st.booleans()) else []
    for spelling, code in kinds:
        lines += ["[[kind]]", f"spelling = {toml(spelling)}", f"code = {toml(code)}"]
    return "\n".join(lines) + "\n"


def clean(result: Result) -> None:
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    assert result.exit_code in (0, 1, 2)
    assert not CONTROL.search(result.stderr), result.stderr[-300:]
    assert len(result.stderr) < 20_000


@SOME
@given(rules_files(), st.sampled_from(HANDS))
def test_any_rules_file(text: str, hand: str) -> None:
    path = _file("rules.toml", text)
    clean(CliRunner().invoke(main, ["score", hand, "--rules", str(path), "--format", "json"], env=NO_ENV))


@SOME
@given(deck_files(), st.sampled_from(["score", "rules", "batch"]))
def test_any_deck_file(text: str, command: str) -> None:
    path = str(_file("deck.toml", text))
    args = {"score": ["score", HANDS[0]], "rules": ["rules", "baba"], "batch": ["batch", "-"]}[command]
    clean(CliRunner().invoke(main, [*args, "--deck", path], input=HANDS[0] + "\n", env=NO_ENV))


WORDS = ["score", "batch", "rules", "--format", "json", "csv", "--rules", "--deck", "--all", "--jobs", "0", "65", "-"]
WORDS += ["-q", "--no-progress", "--help", "--version", "baba", "nosuch", "/dev/null", "/", "x.toml", "a" * 300]
arguments = st.one_of(
    st.sampled_from(WORDS + HANDS),
    st.text(max_size=12).map(lambda text: text.replace("\x00", "")),  # no argument holds a NUL
    st.text(alphabet="\x01\x1b\x7f\x85\x9b\udcff\u2028 [](){}+=:,#mpsz0123456789OMBN馬場々", max_size=12),
)


@SOME
@given(
    st.lists(arguments, max_size=6), st.binary(max_size=200), st.one_of(st.none(), st.sampled_from(NAMES), arguments)
)
def test_any_command_line(args: list[str], data: bytes, rules: str | None) -> None:
    clean(CliRunner().invoke(main, args, input=data, env={"MJSCORE_RULES": rules}))


@SOME
@given(
    st.lists(st.one_of(st.sampled_from([h.encode() for h in HANDS]), st.binary(max_size=60)), max_size=6),
    st.sampled_from([b"\n", b"\r\n", b"\r"]),
    st.sampled_from(["table", "json", "csv"]),
)
def test_any_batch_input(lines: list[bytes], end: bytes, fmt: str) -> None:
    clean(CliRunner().invoke(main, ["batch", "-", "--format", fmt], input=end.join(lines), env=NO_ENV))


NO_ENV: dict[str, str | None] = {"MJSCORE_RULES": None}
_DIR: list[Path] = []


def _file(name: str, text: str) -> Path:
    """A file in a directory of this module's own (hypothesis runs many examples per test)."""
    import tempfile

    if not _DIR:
        _DIR.append(Path(tempfile.mkdtemp(prefix="mjscore-inputs-")))
    path = _DIR[0] / name
    path.write_text(text, encoding="utf-8", errors="surrogateescape")
    return path
