"""python -m mjscore"""

from mjscore.cli import main

main()
