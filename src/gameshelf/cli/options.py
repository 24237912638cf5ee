"""A command that takes a game's options as flags: one ``--KEY`` text per option (the
game's ``options`` part describes them), read afterwards by the game's one validator
(:meth:`gameshelf.core.options.GameOptions.from_texts`), so that every command line taking
an option refuses the same inputs in the same words."""

from __future__ import annotations

import copy
import inspect
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import typer

from gameshelf.core.options import GameOptions, Option


def with_option_flags(command: Callable[..., None], flags: Iterable[tuple[Option, str]],
                      helps: Mapping[str, str] | None = None) -> Callable[..., None]:
    """``command`` (whose ``**typed`` takes the options) as Typer sees it: one text option
    (None when not given) per ``flags`` entry (an option and its help), named by the
    option's :attr:`~gameshelf.core.options.Option.flag` and passed as the option's name,
    and the help of its other options replaced by ``helps`` (parameter name -> help) where
    given."""
    def wrapped(**given: Any) -> None:
        command(**given)

    signature = inspect.signature(command, eval_str=True)
    fixed = [q.replace(default=copy.copy(q.default)) for q in signature.parameters.values()
             if q.kind is not q.VAR_KEYWORD]
    for q in fixed:
        if q.name in (helps or {}):
            q.default.help = (helps or {})[q.name]
    extra = [inspect.Parameter(o.name, inspect.Parameter.KEYWORD_ONLY, annotation=str | None,
                               default=typer.Option(None, o.flag, metavar="N", help=text))
             for o, text in flags]
    wrapped.__signature__ = signature.replace(parameters=[*fixed, *extra])  # type: ignore[attr-defined]
    wrapped.__annotations__ = {q.name: q.annotation for q in (*fixed, *extra)}
    wrapped.__doc__ = command.__doc__
    return wrapped


def own_flags(kind: type[GameOptions]) -> list[tuple[Option, str]]:
    """The flags of one game's options (for :func:`with_option_flags`): each option with
    its help, its values and default (``The points that end the game (5 to 10,000; default
    500).``)."""
    return [(o, o.describe()[:1].upper() + o.describe()[1:] + ".") for o in kind.FIELDS]


def given(typed: Mapping[str, str | None]) -> dict[str, str]:
    """The options typed (those not None), for ``from_texts``."""
    return {k: v for k, v in typed.items() if v is not None}
