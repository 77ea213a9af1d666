"""Random valid games (hypothesis): after every hand the points and the sticks on the table add up
to what the players started with, each total is the last plus the hand's change, and the deal
and the honba move as docs/rules/riichi.md §10 says, checked against a model of those rules
written here, apart from the ledger. The same for hana's games, whose flower chips (variant=3,
docs/rules/hana.md §7) are held to a model of their own, and for Baida's, whose deal and end
follow the options of docs/rules/baida.md §9. BABA's games likewise: the KOBAN and the pot add
up to the start, and the deal, the pot and the OBABA in play follow docs/rules/baba.md §7 and
its options."""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from mjscore.game.baida import BaidaLedger
from mjscore.game.ledger import STICK
from mjscore.game.read import Header, read_header, read_line
from mjscore.game.replay import LEDGERS
from mjscore.game.riichi import RiichiLedger

# A hand every seat may win at any honba: All Simples and Pinfu (two han without dora, so the
# two-fan minimum never refuses it), by ron or by tsumo; three players have no 2m-8m.
HANDS = {"riichi": "234m567p345s66p67s+8s", "sanma": "234p567p345s66p67s+8s", "hana": "234m567p345s66p67s+8s"}
NAMES = ("Aki", "Ben", "Chie", "Dai")


@dataclass
class Model:
    """The deal as the rule book moves it: who deals (0 first), the round, the honba, the sticks."""

    players: int
    dealer: int = 0
    round: int = 0
    honba: int = 0
    sticks: int = 0

    def after(self, kind: str, dealer_won: bool, dealer_ready: bool, declared: int, *, repeat: str, kept: bool) -> None:
        if kind == "chombo":
            return  # the hand is played again
        self.sticks += declared
        if kind == "win":
            self.sticks = 0
            keeps, self.honba = dealer_won, self.honba + 1 if dealer_won else 0
        elif kind == "draw":
            keeps = repeat == "always" or (repeat == "tenpai" and dealer_ready)
            self.honba = self.honba + 1 if keeps or not kept else 0
        else:  # an abortive draw
            keeps, self.honba = True, self.honba + 1
        if not keeps:
            self.dealer = (self.dealer + 1) % self.players
            self.round += self.dealer == 0


def _who(data: st.DataObject, ledger: RiichiLedger, player: int) -> str:
    """A player as a line names them: by name (in any case) or by this hand's seat letter."""
    how = data.draw(st.sampled_from(["name", "lower", "seat"]))
    name = ledger.name(player)
    return {"name": name, "lower": name.lower(), "seat": ledger.seat_letter(player)}[how]


def _line(data: st.DataObject, ledger: RiichiLedger, hand: str) -> tuple[str, str, set[int], set[int], int]:
    """A random valid hand line for the table as it stands: (line, kind, winners, ready, declarers)."""
    n = ledger.n
    can_declare = [p for p in range(n) if not ledger.options.bust or ledger.points[p] >= STICK]
    kind = data.draw(st.sampled_from(["tsumo", "ron", "double", "draw", "abort", "chombo"]))
    if kind == "chombo":
        return f"chombo {_who(data, ledger, data.draw(st.integers(0, n - 1)))}", "chombo", set(), set(), 0
    if kind == "abort":
        return "abort", "abort", set(), set(), 0
    if kind == "draw":
        ready = set(data.draw(st.lists(st.integers(0, n - 1), unique=True)))
        may_declare = sorted(ready & set(can_declare))
        declared = sorted(data.draw(st.sets(st.sampled_from(may_declare)))) if may_declare else []
        words = ["draw"]
        if ready:
            words.append("tenpai=" + ",".join(_who(data, ledger, p) for p in sorted(ready)))
        if declared:
            words.append("riichi=" + ",".join(_who(data, ledger, p) for p in declared))
        return " ".join(words), "draw", set(), ready, len(declared)
    count = 2 if kind == "double" else 1
    winners = data.draw(st.lists(st.integers(0, n - 1), min_size=count, max_size=count, unique=True))
    discarder = data.draw(st.sampled_from([p for p in range(n) if p not in winners])) if kind != "tsumo" else None
    declared = {w for w in winners if w in can_declare and data.draw(st.booleans())}
    parts = []
    for w in winners:
        words = [f"{_who(data, ledger, w)}: {hand}", "tsumo" if discarder is None else "ron"]
        if w in declared:
            words.append("riichi")
        if discarder is not None:
            words.append(f"from={_who(data, ledger, discarder)}")
        parts.append(" ".join(words))
    return " & ".join(parts), "win", set(winners), set(), len(declared)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.data())
def test_random_games_add_up_and_move_the_deal_by_the_rules(data: st.DataObject) -> None:
    ruleset = data.draw(st.sampled_from(sorted(HANDS)))
    players = NAMES[: 3 if ruleset == "sanma" else 4]
    repeat = data.draw(st.sampled_from(["tenpai", "always", "never"]))
    honba_draw = data.draw(st.sampled_from(["always", "kept"]))
    bust = data.draw(st.booleans())
    points = data.draw(st.sampled_from([25000, 4000]))  # a few points: players go below zero
    text = (
        f"ruleset={ruleset} players={','.join(players)} repeat_draw={repeat} honba_draw={honba_draw} "
        f"bust={'on' if bust else 'off'} start={points} target={points}"
    )
    ledger = LEDGERS[ruleset](_header(text))
    assert isinstance(ledger, RiichiLedger)
    model = Model(len(players))
    start = points * len(players)
    for number in range(2, data.draw(st.integers(1, 30)) + 2):
        if ledger.over() is not None:
            break
        line, kind, winners, ready, declared = _line(data, ledger, HANDS[ruleset])
        before = list(ledger.points)
        played = ledger.play(read_line(number, line))
        # the zero sum: what the players hold and the sticks on the table
        assert sum(played.totals) + played.sticks * STICK == start, line
        assert list(played.totals) == [b + d for b, d in zip(before, played.deltas, strict=True)], line
        outcome = "win" if kind == "win" else kind
        assert played.outcome == outcome, line
        model.after(
            outcome, model.dealer in winners, model.dealer in ready, declared, repeat=repeat, kept=honba_draw == "kept"
        )
        over = ledger.over()
        event(f"{ruleset}: {'goes on' if over is None else over.split(' (')[0].split(', ')[0]}")
        if over is None:
            t = ledger.table
            assert (t.dealer, t.round, t.honba, t.sticks) == (model.dealer, model.round, model.honba, model.sticks)
        elif "below zero" in over:
            assert bust and min(ledger.points) < 0
        else:
            # the deal passed on from the last dealer of the South round
            assert over == "the last hand was played" and model.round == 2, over


def _header(text: str) -> Header:
    return read_header([read_line(1, text)], {name: kind.seats for name, kind in LEDGERS.items()})


FLOWERS = ("1f", "2f", "3f", "4f", "1g", "2g", "3g", "4g")


def _flowers(data: st.DataObject, left: list[str]) -> list[str]:
    """A few of the flowers ``left`` (taken out of it): what one player laid aside."""
    chosen = data.draw(st.lists(st.sampled_from(left), unique=True, max_size=3)) if left else []
    for code in chosen:
        left.remove(code)
    return chosen


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.data())
def test_random_hana_games_pay_each_flower_a_chip_from_every_other_player(data: st.DataObject) -> None:
    """Under variant=3 each flower, the winner's in the hand or another player's in aside=, earns
    its holder a chip from each of the three others (docs/rules/hana.md §4, §7): a model counts
    them apart from the ledger; the chips add up to 0, and the standings carry each one's."""
    ledger = LEDGERS["hana"](_header(f"ruleset=hana variant=3 players={','.join(NAMES)}"))
    assert isinstance(ledger, RiichiLedger)
    chips = [0, 0, 0, 0]
    for number in range(2, data.draw(st.integers(1, 12)) + 2):
        if ledger.over() is not None:
            break
        left = list(FLOWERS)
        kind = data.draw(st.sampled_from(["tsumo", "ron", "draw"]))
        winner = data.draw(st.integers(0, 3))
        laid = [[] for _ in range(4)]  # each player's flowers this hand
        if kind == "draw":
            line = "draw"
        else:
            laid[winner] = _flowers(data, left)
            discarder = (winner + data.draw(st.integers(1, 3))) % 4
            how = f"ron from={_who(data, ledger, discarder)}" if kind == "ron" else "tsumo"
            line = f"{_who(data, ledger, winner)}: {HANDS['hana']} {''.join(laid[winner])} {how}"
        aside = []
        for p in range(4):
            if kind == "draw" or p != winner:
                laid[p] = _flowers(data, left)
                if laid[p]:
                    aside.append(f"{_who(data, ledger, p)}:{''.join(laid[p])}")
        line += f" aside={','.join(aside)}" if aside else ""
        expected = [4 * len(laid[p]) - sum(len(x) for x in laid) for p in range(4)]  # 3 each, -1 to each other
        played = ledger.play(read_line(number, line))
        chips = [c + d for c, d in zip(chips, expected, strict=True)]
        assert list(played.chip_deltas) == expected, line
        assert list(played.chip_totals) == chips and sum(chips) == 0, line
    assert [row.chips for row in sorted(ledger.standings().rows, key=lambda r: NAMES.index(r.player))] == chips


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_baida_games_add_up_and_move_the_deal_by_their_options(data: st.DataObject) -> None:
    """Baida's game (docs/rules/baida.md §9): the points add up to what the players started with
    after every hand, and the deal moves and the game ends as the options say, by a model here."""
    start = data.draw(st.sampled_from([0, 100]))
    length = data.draw(st.sampled_from(["east", "east-south", "four-winds"]))
    repeat_win = data.draw(st.booleans())
    repeat_draw = data.draw(st.sampled_from(["always", "never"]))
    text = (
        f"ruleset=baida players={','.join(NAMES)} start={start} length={length} "
        f"repeat_win={'on' if repeat_win else 'off'} repeat_draw={repeat_draw}"
    )
    ledger = LEDGERS["baida"](_header(text))
    assert isinstance(ledger, BaidaLedger)
    dealer, round_, rounds = 0, 0, {"east": 1, "east-south": 2, "four-winds": 4}[length]
    # why: the chicken hand (docs/rules/baida.md §4, §8): 1 point from each other player by
    # tsumo, twice from the discarder by ron
    hand = "123m456p789s11z22z+2z baida=5p"
    for number in range(2, data.draw(st.integers(1, 40)) + 2):
        if ledger.over() is not None:
            break
        kind = data.draw(st.sampled_from(["tsumo", "ron", "draw"]))
        winner = data.draw(st.integers(0, 3))
        discarder = (winner + data.draw(st.integers(1, 3))) % 4
        if kind == "draw":
            line = "draw"
        elif kind == "ron":
            line = f"{_who(data, ledger, winner)}: {hand} ron from={_who(data, ledger, discarder)}"
        else:
            line = f"{_who(data, ledger, winner)}: {hand} tsumo"
        before = list(ledger.points)
        played = ledger.play(read_line(number, line))
        expected = [0, 0, 0, 0]
        if kind == "tsumo":
            expected = [3 if p == winner else -1 for p in range(4)]
        elif kind == "ron":
            expected[winner], expected[discarder] = 2, -2
        assert list(played.deltas) == expected, line
        assert list(played.totals) == [b + d for b, d in zip(before, expected, strict=True)], line
        assert sum(played.totals) == 4 * start, line
        keeps = repeat_draw == "always" if kind == "draw" else repeat_win and winner == dealer
        if not keeps:
            dealer = (dealer + 1) % 4
            round_ += dealer == 0
        if round_ == rounds:
            assert ledger.over() == "the last hand was played", line
        else:
            assert ledger.over() is None, line
            assert (ledger.table.dealer, ledger.table.round) == (dealer, round_), line
    order = sorted(range(4), key=lambda p: (-ledger.points[p], p))
    # why: by points, equal points by seat order; final = points - start
    assert [(r.player, r.final) for r in ledger.standings().rows] == [
        (NAMES[p], ledger.points[p] - start) for p in order
    ]


# BABA hands any player may win, by tsumo or ron, and what each payer owes under the Expert and the
# Beginner rules (docs/rules/baba.md §4, §5): a PON of 馬庭 and three 番場, WIN only; three 馬場
# and three 場々, concealed: WIN, Menzen and Chin-itsu (every card holds 場), WIN only for Beginner.
BABA_HANDS = {
    "(MNMNMN) NBNBNB dora=KB": {"baba": 1, "baba-beginner": 1},
    "MBMBMB BRBRBR dora=KB": {"baba": 4, "baba-beginner": 1},
}


@dataclass
class BabaModel:
    """A BABA table as docs/rules/baba.md §7 and the game's options move it: who deals (0 first),
    the pot, the OBABA in play."""

    players: int
    deal: str
    reset: bool
    dealer: int = 0
    pot: int = 0
    obaba: int = 2

    def after(self, kind: str, winner: int | None) -> None:
        if kind == "draw":
            self.obaba = min(self.obaba + 1, 4)  # 2 + two extra at most
        elif kind == "chombo":
            self.pot += 1
        else:
            assert winner is not None
            self.pot = 0
            self.obaba = 2 if self.reset else self.obaba
            if self.deal == "winner" or (self.deal == "repeat" and winner == self.dealer):
                self.dealer = winner
            else:
                self.dealer = (self.dealer + 1) % self.players


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.data())
def test_random_baba_games_add_up_and_move_the_deal_pot_and_obaba_by_the_rules(data: st.DataObject) -> None:
    from mjscore.game.baba import BabaLedger

    ruleset = data.draw(st.sampled_from(["baba", "baba-beginner"]))
    players = NAMES[: data.draw(st.sampled_from([3, 4]))]
    deal = data.draw(st.sampled_from(["next", "winner", "repeat"]))
    reset = data.draw(st.booleans())
    debt = data.draw(st.booleans())
    start = data.draw(st.sampled_from([8, 3]))  # a few KOBAN: the game ends soon, payers fall short
    text = (
        f"ruleset={ruleset} players={','.join(players)} deal={deal} obaba_reset={'win' if reset else 'never'} "
        f"debt={'on' if debt else 'off'} start={start}"
    )
    ledger = BabaLedger(_header(text))
    model = BabaModel(len(players), deal, reset)
    n = len(players)
    for number in range(2, data.draw(st.integers(1, 30)) + 2):
        if ledger.over() is not None:
            break
        kind = data.draw(st.sampled_from(["tsumo", "ron", "draw", "chombo"]))
        who = data.draw(st.integers(0, n - 1))
        name = data.draw(st.sampled_from([players[who], players[who].lower()]))
        payers: list[int] = []
        owed = 0
        if kind == "draw":
            line = "draw"
        elif kind == "chombo":
            line = f"chombo {name}"
        else:
            hand = data.draw(st.sampled_from(sorted(BABA_HANDS)))
            owed = BABA_HANDS[hand][ruleset]
            line = f"{name}: {hand} {kind}"
            payers = [p for p in range(n) if p != who]
            if kind == "ron":
                payers = [data.draw(st.sampled_from(payers))]
                line += f" from={players[payers[0]]}"
        before = list(ledger.koban)
        played = ledger.play(read_line(number, line))
        # the zero sum: the KOBAN the players hold and the pot
        assert sum(played.totals) + played.sticks == start * n, line
        assert list(played.totals) == [b + d for b, d in zip(before, played.deltas, strict=True)], line
        # a win: each payer owes the hand, or pays what they hold (debt=off); the winner takes it and the pot
        paid = {p: owed if debt else min(owed, before[p]) for p in payers}
        if payers:
            assert played.deltas[who] == sum(paid.values()) + model.pot, line
            assert all(played.deltas[p] == -paid[p] for p in payers), line
        if not debt:
            assert min(played.totals) >= 0, line  # nobody pays coins they do not have
        model.after("win" if kind in ("tsumo", "ron") else kind, who)
        t = ledger.table
        assert (t.dealer, t.sticks, t.obaba) == (model.dealer, model.pot, model.obaba), line
        over = ledger.over()
        event(f"{ruleset}: {'goes on' if over is None else 'ends'}")
        # the end: exactly when a player has no KOBAN left (or owes, with debt=on)
        assert (over is not None) == (min(played.totals) <= 0), line


WORDS = st.sampled_from(
    [
        "Aki:",
        "ben:",
        "E:",
        "draw",
        "abort",
        "chombo",
        "Dai",
        "&",
        "ron",
        "tsumo",
        "riichi",
        "from=Ben",
        "from=Q",
        "from=",
        "tenpai=Aki,",
        "tenpai=Aki,Ben",
        "nagashi=Chie",
        "riichi=Dai",
        "pao=Ben",
        "seat=S",
        "honba=1",
        "sticks=x",
        "round=W",
        "riichi:",
        "sanma:",
        "kita=1",
        "four-winds",
        "preset=tenhou",
        "players=A,B,C,D",
        "234m567p345s66p67s+8s",
        "123m456p789s8s(777z)+8s",
        "(777z)",
        "+5p",
        ":",
        "=",
        "#",
        # hana's and Baida's games
        "ruleset=hana",
        "ruleset=baida",
        "variant=3",
        "variant=1",
        "aside=Ben:1f",
        "aside=S:2g3g,Dai:1f",
        "aside=Ben",
        "aside=:1f",
        "aside=Eve:9f",
        "1f2g",
        "hana:",
        "baida:",
        "baida=5p",
        "123m456p789s11z22z+2z",
        "length=east",
        "repeat_draw=never",
    ]
)


BABA_WORDS = st.sampled_from(
    [
        "Aki:",
        "ben:",
        "E:",
        "draw",
        "abort",
        "chombo",
        "Dai",
        "&",
        "ron",
        "tsumo",
        "menzen",
        "from=Ben",
        "from=E",
        "from=",
        "pot=1",
        "pot=x",
        "obaba=3",
        "players=3",
        "dora=MB",
        "dora=O",
        "baba:",
        "baba-beginner:",
        "riichi:",
        "MBMBMB",
        "BRBRO",
        "OOOO",
        "馬馬馬場場O",
        "(MNMNMN)",
        "[KBKBKBKB]",
        "{HBHBHB}",
        "NBNBNB",
        ":",
        "=",
    ]
)


def _game_files(header: str, words: st.SearchStrategy[str]) -> st.SearchStrategy[list[str]]:
    """Game files of ``header`` and a few lines of arbitrary text or ``words``."""
    lines = st.lists(st.one_of(st.lists(words, max_size=8).map(" ".join), st.text(max_size=30)), max_size=6)
    return lines.map(lambda found: [header, *(line.replace("\n", " ").replace("\r", " ") for line in found)])


# Each rule set's game: riichi's, hana's with chips, Baida's (WORDS), BABA's (BABA_WORDS).
GAME_FILES = st.one_of(
    _game_files("players=Aki,Ben,Chie,Dai", WORDS),
    _game_files("ruleset=hana variant=3 players=Aki,Ben,Chie,Dai", WORDS),
    _game_files("ruleset=baida players=Aki,Ben,Chie,Dai", WORDS),
    _game_files("ruleset=baba players=Aki,Ben,Chie,Dai start=2", BABA_WORDS),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(GAME_FILES)
def test_any_game_file_is_played_or_refused_never_crashed(text: list[str]) -> None:
    from mjscore.game.read import GameError
    from mjscore.game.replay import Replay

    try:
        game = Replay(line + "\n" for line in text)
        for _ in game.hands():
            pass
        game.standings()
    except GameError as refused:
        # every problem is told at a line of the file, and at a column of it (0: the line as a whole)
        for number, error in refused.faults:
            assert 1 <= number <= len(text)
            assert all(0 <= p.col <= len(text[number - 1]) + 1 for p in error.problems), error.problems
