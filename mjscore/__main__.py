"""The ``mjscore`` command's entry point (``python -m mjscore`` too).

Until the command takes Ctrl-C itself, a Ctrl-C ends the process as the signal does, with
no traceback: importing the command takes a tenth of a second, in which Python's own
handler would print one."""

from __future__ import annotations

import signal


def run() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    from mjscore.cli import main

    main()


if __name__ == "__main__":
    run()
