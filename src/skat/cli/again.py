"""Play this deal again: a finished game from a record replayed up to a move of your choice,
then played on with your own moves against the same cards and the same computer players.

``skat play --replay FILE [--id ID] [--from N]``: the moves before move ``N`` (1 = the first
bid, the default: the whole deal again) are taken from the record, from move ``N`` on you play
your seat (the record's "You"/"Du", else the declarer) and the computer players play theirs
at the record's level with the seeds of the original game (a record of ``skat play
--records`` carries both).  After the game: your result beside the recorded one, and on ``r``
the review with the double-dummy analysis, trick by trick how the game could have been won.

>>> from skat.core import GameState
>>> g = GameState(seed=3)
>>> for a in ["p", "p", "p"]:
...     _ = g.apply(a)
>>> len(start_position(g, 2).history), len(start_position(g, 1).history)
(1, 0)
"""

from __future__ import annotations

from skat.cli.declaring import pack_words
from skat.cli.errors import UserError
from skat.cli.session import Options, Quit, Session, Ui
from skat.cli.words import agree
from skat.core import GameState, Rules, Seat
from skat.core.language import N_, say
from skat.core.steps import restarted
from skat.series import Series


def start_position(record: GameState, start: int) -> GameState:
    """The recorded game with its first ``start - 1`` moves made."""
    if start < 1 or start > len(record.history) + 1:
        raise UserError.said(
            N_("cli.again.from-game-has-moves"), start=start, value=len(record.history)
        )
    state = restarted(record)
    for ev in record.history[: start - 1]:
        state.apply(ev.action, ev.seat)
    if state.is_over:
        raise UserError.said(N_("cli.again.from-game-over-by"), start=start)
    return state


def seed_and_number(record_id: str | None, seed: int) -> tuple[int, int]:
    """The session seed and game number of a ``skat play`` record ID (``7-2``), else
    ``seed`` and 1.

    >>> seed_and_number("7-2", 0), seed_and_number("ISS 99", 5)
    ((7, 2), (5, 1))
    """
    head, _, tail = (record_id or "").rpartition("-")
    if head.isdigit() and tail.isdigit():
        return int(head), int(tail)
    return seed, 1


class AgainSession(Session):
    """One recorded deal played again from a move on (see the module doc)."""

    def __init__(
        self,
        record: GameState,
        names: tuple[str, str, str],
        human: Seat,
        start: int,
        number: int,
        ui: Ui,
        options: Options,
    ) -> None:
        series = Series(names, Rules.parse(str(record.rules)), seed=options.seed, games=1)
        super().__init__(series, ui, options)
        self.record = record
        self.names = names
        self.human = human
        self.start = start
        self.number = number

    def run(self) -> int:
        """Play the deal again until the player stops; 0 either way."""
        lang = self.lang
        try:
            while True:
                state = start_position(self.record, self.start)
                self.ui.event(
                    say(lang, "play.again_header", n=self.start, total=len(self.record.history))
                )
                self.play_out(state, self.names, self.human, self.number)
                if not self.after_again(state):
                    break
        except (Quit, KeyboardInterrupt):
            pass
        self.last_words(say(lang, "play.bye"))
        return 0

    def _save_note(self) -> str:
        """Quitting a replay loses nothing: the record stays as it was."""
        return say(self.lang, "play.replay_not_saved")

    def after_again(self, state: GameState) -> bool:
        """Your result beside the recorded one; ``r`` the review; true to play it again."""
        from skat.cli.review import review_lines

        lang = self.lang
        you = self.names[self.human]
        lines = []
        for key, game in ((N_("play.result"), state), (N_("play.recorded"), self.record)):
            assert game.result is not None
            text = agree(game.result.explain(lang, names=self.names), lang, you)
            lines.append(say(lang, key) + f": {text}")
        self.ui.page([pack_words(x, self.style.deck) for x in lines])
        while True:
            answer = self.ui.ask(say(lang, "play.ask_again"))
            if answer is None:
                return False
            low = answer.strip().lower()
            if low in ("", "q", "quit", "ende", "afslut"):
                return False
            if low in ("a", "again", "nochmal", "igen"):
                return True
            if low in ("r", "review", "rückblick", "gennemgang"):
                if self.options.review_analysis:
                    self.ui.busy(say(lang, "play.analysing"))
                review = review_lines(
                    state, self.names, self.style, lang, analysis=self.options.review_analysis
                )
                self.ui.page([pack_words(x, self.style.deck) for x in review])
                continue
            self.ui.message(
                say(lang, "play.not_understood", text=answer, options=say(lang, "play.ask_again"))
            )
