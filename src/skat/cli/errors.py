"""The error a user causes (a bad option, a file that cannot be read): one line, exit status 2.

>>> from skat.cli.main import main
>>> main(["play", "--level", "nobody"])
2
"""

from __future__ import annotations


class UserError(Exception):
    """A problem with the user's input: printed as one line, exit status 2; ``german`` says
    it in German (printed when the user asked for German words, ``skat --lang de``).

    >>> UserError("no game to review", german="kein Spiel zum Rückblick").german
    'kein Spiel zum Rückblick'
    """

    def __init__(self, message: str, german: str = "") -> None:
        super().__init__(message)
        self.german = german or message
