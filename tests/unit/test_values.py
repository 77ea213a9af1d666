"""The memos of ``mjscore.values``: what ``forget_memos`` empties, and how ``kept`` bounds one."""

from __future__ import annotations

from mjscore.families.mpsz.tiles import read_tiles
from mjscore.values import ByIdentity, forget_memos, kept, memo


def test_forget_memos_empties_every_memo_made_by_memo() -> None:
    words: dict[str, int] = memo()
    by_identity: ByIdentity[str] = ByIdentity()
    key = object()
    kept(words, 8, "seat", 1)
    by_identity.put(key, None, (), "text")
    forget_memos()
    assert words == {}
    assert by_identity.get(key) is None


def test_forget_memos_empties_the_package_memos() -> None:
    # why: read_tiles keeps what it read in a module memo; after forget_memos the same text is
    # read again (its tiles a new tuple, equal to the kept one), as in a process just started
    first = read_tiles("123m")[0]
    assert read_tiles("123m")[0] is first
    forget_memos()
    again = read_tiles("123m")[0]
    assert again == first
    assert again is not first


def test_kept_starts_again_when_full() -> None:
    seen: dict[int, int] = memo()
    for n in range(3):
        kept(seen, 3, n, n)
    kept(seen, 3, 3, 3)  # why: a memo of 3 entries that is full starts again before the fourth
    assert seen == {3: 3}
