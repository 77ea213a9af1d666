"""What every ledger of players at a table shares (the riichi family's, Baida's, BABA's): who is
who this hand, and a hand line scored by the rule set's own pipeline (README, "Whole games").

A hand line is scored as the user wrote it, with what the ledger owns (riichi's seat, round,
honba and sticks; BABA's pot; players named for seats: from=, pao= ...) blanked where it was
written and the ledger's values written after it: a problem of the line keeps the column it was
typed at, and one about a value the ledger wrote is told at the item the user wrote, if any.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from mjscore.errors import HandError, Problem, quoted
from mjscore.front import read_tokens, score
from mjscore.game.ledger import Table
from mjscore.game.read import GameError, GameLine, Header
from mjscore.notation.build import closest_word
from mjscore.notation.tokens import Token
from mjscore.options import ON_WORDS, read_count_text
from mjscore.payment import Payment
from mjscore.presets import PRESET_KEY
from mjscore.result import ScoreResult
from mjscore.values import Value

COUNT_MOST: Final = 999  # a stated count (honba=, sticks=, pot= ...) is read up to this (a game has far fewer)
# A scored line's added items: (start, end) in its text and the column of the item the user wrote (0: none).
Added = tuple[tuple[int, int, int], ...]


def line_error(line: GameLine, problems: Sequence[Problem]) -> GameError:
    """The error that stops the game at ``line``: every problem of it, in the order of their columns."""
    return GameError([(line.number, HandError(line.text, tuple(sorted(problems, key=lambda p: p.col))))])


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class HandPart(Value):
    """One hand of a line as the hand notation reads it: its text with the ledger's items blanked
    (columns as typed), those items (key -> value and the 1-based column of the value), its
    flag words (lower case), where its text begins, and its tokens the ledger does not own (the
    tiles or cards, the rule set's items), in order."""

    text: str
    owned: Mapping[str, tuple[str, int]]
    words: frozenset[str]
    is_draw: bool
    col: int
    rest: tuple[Token, ...] = ()

    def written(self, items: Sequence[tuple[str, str]]) -> tuple[str, Added]:
        """The line scored: the text and the ledger's ``items`` after it."""
        text, added = self.text, []
        for key, value in items:
            start = len(text) + 1
            text += f" {key}={value}"
            added.append((start, len(text), self.owned.get(key, ("", 0))[1]))
        return text, tuple(added)


def _user_column(col: int, added: Added) -> int:
    """The column a problem of a scored line is told at: the user's item for one the ledger wrote."""
    for start, end, user in added:
        if start < col <= end:
            return user
    return col


class SeatedLedger:
    """What a ledger of players seated at a table shares, whatever its rule set's rules: who is
    who this hand (a name or a seat letter), and a hand line read and scored by the rule set with
    the items the ledger owns blanked where typed and its own values written after it. The riichi
    family's ledger derives from it (``game.riichi``), Baida's (``game.baida``) and BABA's
    (``game.baba``, whose players are named by name only)."""

    def __init__(self, header: Header) -> None:
        self.header = header
        self.seat_letters = header.seats
        self.n = len(header.players)
        self.table = Table(0, 0)
        self.ended: str | None = None
        self.hands = 0

    # -- who is who this hand

    def name(self, player: int) -> str:
        return self.header.players[player]

    def seat_letter(self, player: int) -> str:
        return self.seat_letters[self.table.seat_of(player, self.n)]

    def who(self, text: str, col: int, problems: list[Problem]) -> int | None:
        """The player a name or a seat letter (this hand's seat) stands for."""
        found = self.header.player_index(text)
        if found is not None:
            return found
        letter = text.upper()
        if len(letter) == 1 and letter in self.seat_letters:
            return self.table.player_at(self.seat_letters.index(letter), self.n)
        guess = closest_word(text, list(self.header.players))
        hint = f"; did you mean {guess!r}?" if guess else ""
        seats = " ".join(self.seat_letters)
        message = f"{quoted(text)} is no player here{hint} (players: {', '.join(self.header.players)}; seats: {seats})"
        problems.append(Problem("game-unknown-player", message, col))
        return None

    def names(self, item: tuple[str, int], problems: list[Problem]) -> list[int]:
        """The players a list item names (``Aki,W``), from its value and column."""
        value, col = item
        found = []
        for part in value.split(","):
            player = self.who(part, col, problems)
            if player is not None and player not in found:
                found.append(player)
            col += len(part) + 1
        return found

    def _where(self) -> str:
        """The next hand, for a message: "E2, Ben deals"."""
        t = self.table
        return f"{t.label(self.n)}, {self.name(t.dealer)} deals"

    def over(self) -> str | None:
        return self.ended

    # -- a line

    def _playable(self, line: GameLine) -> None:
        """A hand line may be played here: the game goes on, and the header is over."""
        if self.ended is not None:
            message = f"the game is over ({self.ended}): this line is one hand too many"
            raise line_error(line, [Problem("game-over", message)])
        if line.kind == "header":
            message = "header items stand before the first hand: the header ends where the hands begin"
            raise line_error(line, [Problem("game-header-late", message, 1)])

    def _check_stated(
        self, stated: Mapping[str, tuple[str, int]], ledger: Mapping[str, str], problems: list[Problem]
    ) -> None:
        """Items a line states that the ledger derives: each must agree."""
        for key, value in ledger.items():
            if key in stated and not _same(stated[key][0], value):
                given, col = stated[key]
                message = f"{key}={given}, but the ledger has {key}={value} here ({self._where()})"
                problems.append(Problem("game-ledger-mismatch", message, col))

    def _read_part(self, line: GameLine, hand: Token, problems: list[Problem], keys: frozenset[str]) -> HandPart:
        """The text of ``hand``, a hand (or draw) token of ``line``, as the hand notation reads it
        (its notation errors stop the line), with the ledger's items (``keys``) taken out."""
        start = hand.loc
        masked = " " * start + hand.text
        try:
            ruleset, tokens = read_tokens(masked, self.header.settings)
        except HandError as exc:
            raise GameError([(line.number, HandError(line.text, exc.problems))]) from None
        if ruleset.name != self.header.ruleset.name:  # nothing else of it can be judged
            message = f"this game is {self.header.ruleset.name}; the hand is written for {ruleset.name}"
            raise line_error(line, [Problem("game-ruleset-mismatch", message, start + 1)])
        chars = list(masked)
        owned: dict[str, tuple[str, int]] = {}
        words, rest = set(), []
        for tok in tokens:
            key = tok.text.lower()
            if tok.tag in ("flag", "word"):
                words.add(key)
            # nagashi=on: the rule option, not who
            if tok.tag != "option" or key not in keys or (key == "nagashi" and tok.value.lower() in ON_WORDS):
                rest.append(tok)
                continue
            if key in owned:
                problems.append(Problem("duplicate-item", f"{quoted(tok.text)} is given twice", tok.loc + 1))
            owned.setdefault(key, (tok.value, tok.value_loc + 1))
            chars[tok.loc : tok.end] = " " * (tok.end - tok.loc)
        preset = owned.get(PRESET_KEY)
        if preset and preset[0].lower() != self.header.preset:
            game = f"preset={self.header.preset}" if self.header.preset else "no preset"
            message = f"preset={preset[0]}, but the game is played with {game} (its header)"
            problems.append(Problem("game-ledger-mismatch", message, preset[1]))
        is_draw = bool(tokens) and tokens[0].tag == "draw"
        return HandPart("".join(chars).rstrip(), owned, frozenset(words), is_draw, start + 1, tuple(rest))

    def _score(self, part: HandPart, items: Sequence[tuple[str, str]], problems: list[Problem]) -> ScoreResult | None:
        """``part`` scored with the ledger's ``items``; its problems, at the user's columns, join ``problems``."""
        text, added = part.written(items)
        try:
            return score(text, self.header.settings)
        except HandError as exc:
            problems.extend(Problem(p.code, p.message, _user_column(p.col, added)) for p in exc.problems)
            return None

    def _named(self, payments: Sequence[Payment]) -> list[Payment]:
        """A result's payments between seats, between players."""
        by_seat = {self.seat_letter(p): self.name(p) for p in range(self.n)}
        return [
            Payment(by_seat.get(p.payer, p.payer), by_seat.get(p.payee, p.payee), p.amount, p.reason) for p in payments
        ]

    def _player_item(self, part: HandPart, key: str, problems: list[Problem]) -> int | None:
        item = part.owned.get(key)
        return None if item is None else self.who(item[0], item[1], problems)


def _same(stated: str, ledger: str) -> bool:
    """A stated value is the ledger's: a seat letter in any case, a count however written (01)."""
    if ledger.isdigit():
        return read_count_text(stated, COUNT_MOST) == int(ledger)
    return stated.upper() == ledger
