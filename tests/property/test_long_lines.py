"""Long lines, random and adversarial, up to a few kilobytes: the reader returns a hand or
raises HandError, and a refusal can be reported (hypothesis).

No time is asserted here (tests/benchmarks/bench_reader.py measures it): a line that made
the reader backtrack would hang this test rather than fail it, and a number of thousands of
digits used to raise Python's own ValueError.
"""

from __future__ import annotations

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from mjscore.errors import HandError
from mjscore.scoring import parse_hand, score

PREFIXES = ("riichi:", "hana:", "baida:", "baba:", "baba-beginner:", "")
# Units a line repeats: words of every kind, melds, digits, tiles, cards, items, blanks.
UNITS = (
    "tsumo ",
    "riichi ",
    "Ron ",
    "menzen ",
    "foo ",
    "draw ",
    "dora=1m ",
    "dora=場 ",
    "honba=1 ",
    "(123m)",
    "(123m) ",
    "[1111z]",
    "+1m",
    "1m",
    "1",
    "9",
    "(MBMBMB)",
    "{HBHBHB} ",
    "MB+",
    "馬",
    "O",
    "8z",
    ",",
    " ",
    "=",
)
# What may stand before the repeated part, and after it (a bad character at the end, or none).
HEADS = ("", "123m456p789s11z22z+2z tsumo ", "馬馬馬場場O tsumo ", "draw ", "x ", "pot=", "honba=", "dora=", "players=")
TAILS = ("", "!", ")", "(", "=", "#", " x", " m", "\u00a0")

FEW = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

repeated = st.builds(
    lambda prefix, head, unit, n, tail: prefix + head + unit * n + tail,
    st.sampled_from(PREFIXES),
    st.sampled_from(HEADS),
    st.sampled_from(UNITS),
    st.integers(min_value=1, max_value=1500),
    st.sampled_from(TAILS),
)
mixed = st.builds(
    lambda prefix, parts: prefix + "".join(parts),
    st.sampled_from(PREFIXES),
    st.lists(st.sampled_from(UNITS + TAILS), max_size=1500),
)
random_text = st.text(max_size=3000)


@FEW
@given(line=st.one_of(repeated, mixed, random_text))
@example(line="baba:MBMBMB HBHB O " + "tsumo " * 300 + ")")
@example(line="riichi:" + "(123m)" * 300 + " !")
@example(line="baba:馬馬馬場場O tsumo pot=" + "9" * 5000)
@example(line="riichi:123m456p789s11z22z+2z tsumo " + "x" * 5000)
def test_a_long_line_is_read_or_refused(line: str) -> None:
    try:
        parse_hand(line)
        score(line)
    except HandError as exc:
        assert exc.problems
        assert exc.describe()
