"""Write grammar/notation.bnf and grammar/railroad.html from the live grammar.

    python grammar/build.py           rewrite both files
    python grammar/build.py --check   exit 1, with a diff, if either is out of date

Both texts come from ``mjscore.bnf`` (the tests compare the committed
files with the same functions).
"""

from __future__ import annotations

import argparse
import difflib
import sys
from pathlib import Path

from mjscore.bnf import generated_files

HERE = Path(__file__).resolve().parent
MAX_DIFF_LINES = 60


def stale(folder: Path = HERE) -> dict[str, str]:
    """File name -> a diff for every generated file that does not match the grammar."""
    out = {}
    for name, text in generated_files().items():
        path = folder / name
        old = path.read_text(encoding="utf-8") if path.is_file() else ""
        if old != text:
            diff = difflib.unified_diff(
                old.splitlines(keepends=True),
                text.splitlines(keepends=True),
                f"{name} (committed)",
                f"{name} (grammar)",
            )
            out[name] = "".join(list(diff)[:MAX_DIFF_LINES])
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check the files are up to date (exit 1 if not)")
    args = parser.parse_args(argv)
    if args.check:
        problems = stale()
        for name, diff in problems.items():
            print(f"grammar/{name} is out of date with the live grammar:\n{diff}", file=sys.stderr)
        if problems:
            print("run: python grammar/build.py", file=sys.stderr)
            return 1
        print("grammar/ is up to date")
        return 0
    for name, text in generated_files().items():
        (HERE / name).write_text(text, encoding="utf-8", newline="\n")
        print(f"wrote grammar/{name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
