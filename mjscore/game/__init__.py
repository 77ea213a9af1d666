"""Whole games: a match ledger that carries seats, dealer, honba and riichi sticks from hand to
hand (BABA: KOBAN, the pot and the OBABA in play), and ends with the standings (README, "Whole
games"; docs/rules/riichi.md §10, docs/rules/baba.md §7).

``replay.Replay`` plays a game file; ``read`` reads its lines and header, ``options`` holds the
game's rules and each preset's table, ``ledger`` the values a ledger reports, ``seated`` what
every ledger shares (who is who, a hand line read and scored), ``riichi`` the riichi family's
ledger (riichi, sanma), ``hana`` hana's (riichi's, with the flower chips of variant=3), ``baida``
Baida's (running totals of its points), ``baba`` BABA's (baba, baba-beginner), ``tokens`` and
``grammar`` the game file's notation.
"""
