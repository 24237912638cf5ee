"""Yatz hints (key ``h``) and the post-game review (``v`` after the game), as modal screens
over the game; both compute in a worker thread (the first use may load or solve the
strategy's table)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from gameshelf.core.text import literal
from gameshelf.games.yatz.game import Action, YatzState
from gameshelf.games.yatz.making import tables_note
from gameshelf.games.yatz.scoring import rule_set
from gameshelf.games.yatz.strong import (
    Hint,
    Reviewer,
    hint,
    review,
    review_lines,
    strategy_for,
)
from gameshelf.tui.coach import InfoScreen


def warm_up(rules_name: str) -> None:
    """Load (or solve) the strategy's table ahead of the first hint or strong move."""
    strategy_for(rule_set(rules_name))


def hint_text(h: Hint, top: int = 8) -> Text:
    """The hint as styled text: best choice, best roll, best box, then the top options."""
    t = Text()
    best = h.best.expected
    t.append("Best now: ", style="bold")
    t.append(f"{h.describe(h.best)}\n", style="bold green")
    t.append(f"Expected final score {best:,.1f} {h.meaning}\n\n")
    if h.best_hold is not None:
        t.append("Best hold: ", style="bold")
        t.append(f"{h.describe(h.best_hold)}  {h.best_hold.expected:,.1f} "
                 f"({h.best_hold.expected - best:+.1f})\n")
    t.append("Best box:  ", style="bold")
    t.append(f"{h.describe(h.best_box)}  {h.best_box.expected:,.1f} "
             f"({h.best_box.expected - best:+.1f})\n\n")
    t.append(f"{'expected':>9} {'vs best':>8}  option\n", style="dim")
    for o in h.options[:top]:
        style = "green" if o is h.best else ""
        t.append(f"{o.expected:9,.1f} {o.expected - best:+8.1f}  {h.describe(o)}\n", style=style)
    return t


def review_text(rev: Reviewer, names: dict[int, str]) -> Text:
    """The review as styled text (:func:`~gameshelf.games.yatz.strong.review_lines`): a line per
    costly decision, its cost in red from 5 expected points, then a total per player."""
    t = Text()
    for line in review_lines(rev, names):
        if line.cost is not None:
            cost, rest = line.text[:9], line.text[9:]   # "  -12.3  "
            t.append(cost, style="bold red" if line.cost >= 5 else "yellow")
            t.append(rest + "\n")
        else:
            t.append(line.text + "\n", style="bold green" if line.good else
                     "bold" if line.text else "")
    return t


class HintScreen(InfoScreen):
    """The strong player's advice for the position on screen."""

    TITLE_TEXT = "Hint · expected final score of each option (Esc closes)"
    HELP_TEXT = ("# Hint\n\nThe strong computer player's advice for these dice: the best "
                 "dice to hold and the best box, with the expected final score of each "
                 "option against the best one: your final score if the strong player plays "
                 "on from here (about 1,700 at the first roll, as it averages).\n\n"
                 "* **Esc**, **q** or Enter on Close closes it")

    #: Said at once, before the tables are even looked for: the first hint's wait.
    THINKING = ("thinking… the first hint after an install makes the strong player's "
                "tables (about 30 s: compiling the solver, then solving); the share done "
                "shows here")

    def __init__(self, state: YatzState) -> None:
        super().__init__()
        self.state = state.clone()

    def compute(self) -> Text:
        return hint_text(hint(self.state))

    def waiting(self) -> str | None:
        """The strong player's tables being made (the first time: solved): the share done."""
        note = tables_note(self.state.rules.name)
        return None if note is None else f"thinking… {note}"


class ReviewScreen(InfoScreen):
    """Every turn where a person's choice cost expected points (all seats when no person
    played)."""

    TITLE_TEXT = "Review · choices that cost expected points (arrows scroll, Esc closes)"
    HELP_TEXT = ("# Review\n\nEvery turn where a choice (a hold or a box) cost expected "
                 "points, by the strong computer player's judgement, and how many. A box "
                 "taken back (undo) is not a choice: only the box that stayed counts.\n\n"
                 "* **Up**/**Down** scroll\n* **Esc**, **q** or Enter on Close closes it")

    def __init__(self, actions: Sequence[Action], names: Sequence[str],
                 people: Sequence[bool], rules: str) -> None:
        """``actions``: the game as it stands (dice included, boxes taken back left out);
        ``names`` and ``people`` (True for a person) of each seat; the rule set's name."""
        super().__init__()
        self.actions, self.names, self.people, self.rules = actions, names, people, rules

    def compute(self) -> Text:
        people = [i for i, human in enumerate(self.people) if human]
        seats = people or list(range(len(self.names)))
        rev = review(self.actions, len(self.names), rule_set(self.rules), seats)
        return review_text(rev, {i: literal(self.names[i]) for i in seats})
