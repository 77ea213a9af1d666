"""Score this folder's hands as a batch, in each output format a batch writes, and list the
modules of mjscore that the batch imported.

    PYTHONPATH=TREE python pgo/run.py MODULES_OUT

setup.py runs it twice, with TREE the folder whose mjscore it imports: on the source tree
(pure Python) to learn which modules a batch runs, the compiled build's hot group; then on
the build, that group compiled to record a profile, as the training run of the C compiler's
profile-guided compile. It fails (exit status 1) if a line does not score: the hands are
chosen to score, and a failure means the profile would train on an error path.
"""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path

HANDS = Path(__file__).with_name("hands.txt")
FORMATS = ("json", "table")


def main(modules_out: str) -> int:
    from mjscore.cli import main as command

    with open(os.devnull, "w", encoding="utf-8") as sink, contextlib.redirect_stdout(sink):
        for fmt in FORMATS:
            try:
                command(["batch", str(HANDS), "--format", fmt, "-q"])
            except SystemExit as end:  # the command always ends so, with its exit status
                if end.code:
                    print(f"pgo/run.py: the batch in {fmt} ended with status {end.code}", file=sys.stderr)
                    return 1
    loaded = sorted(name for name in sys.modules if name == "mjscore" or name.startswith("mjscore."))
    Path(modules_out).write_text("".join(f"{name}\n" for name in loaded), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
