"""Our games as OpenSpiel Python games: one generic ``pyspiel.Game`` over any GameSpec.

Importing this module registers every game of :func:`gameshelf.rl.games.spec_games` whose
spec module exists, as ``gameshelf_<game>``, with the spec's parameters, so that::

    import pyspiel
    import gameshelf.rl.openspiel  # noqa: F401  (registers the games)
    game = pyspiel.load_game("gameshelf_yatz(players=3)")

works like any OpenSpiel game: a sequential game with explicit chance nodes (each outcome
with its probability), perfect or imperfect information as the spec declares, terminal
rewards, information-state strings, observation strings and tensors, and stable action ids.

Everything here is a thin translation of the spec (:mod:`gameshelf.rl.spec`). A state holds
one Python attribute, a :class:`_Node`: OpenSpiel's ``clone()`` deep-copies it (``spec.clone``
of the engine state), and ``pyspiel.serialize_game_and_state`` pickles it as its spec class,
parameters and action ids, read back by replaying them through the rules.
:func:`resampler` gives OpenSpiel's Python IS-MCTS bot a seeded resampling callback.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

import numpy as np

from gameshelf.rl import missing_extra
from gameshelf.rl.games import spec_class, spec_games
from gameshelf.rl.spec import CHANCE, TERMINAL, GameSpec, action_int

try:
    import pyspiel
except ModuleNotFoundError as err:
    raise missing_extra(err, __name__) from None

SpecClass = type[GameSpec[Any]]


def game_type(spec_cls: SpecClass) -> pyspiel.GameType:
    """OpenSpiel's ``GameType`` for a spec class (one per registered name): the spec's
    parameters and ``players``, sequential, explicit chance (deterministic without chance
    outcomes), information and utility as the spec's :class:`~gameshelf.rl.spec.SpecInfo`
    says, rewards only at the end.
    """
    info = spec_cls.info()
    kinds = pyspiel.GameType
    if info.utility_sum is None:
        utility = kinds.Utility.GENERAL_SUM
    elif info.utility_sum == 0.0:
        utility = kinds.Utility.ZERO_SUM
    else:
        utility = kinds.Utility.CONSTANT_SUM
    return pyspiel.GameType(
        short_name=info.short_name,
        long_name=info.long_name,
        dynamics=kinds.Dynamics.SEQUENTIAL,
        chance_mode=(
            kinds.ChanceMode.EXPLICIT_STOCHASTIC
            if info.max_chance_outcomes > 0
            else kinds.ChanceMode.DETERMINISTIC
        ),
        information=(
            kinds.Information.PERFECT_INFORMATION
            if info.perfect_information
            else kinds.Information.IMPERFECT_INFORMATION
        ),
        utility=utility,
        reward_model=kinds.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        # players: every spec takes it (GameSpec), so OpenSpiel must not refuse it either
        parameter_specification={"players": info.min_players, **info.parameters},
    )


def _replay(spec_cls: SpecClass, params: Mapping[str, Any], actions: tuple[int, ...]) -> _Node:
    """A node rebuilt from its game and action ids (how a pickled node is read back).

    Raises:
        GameshelfError: when an action id is not legal where it is replayed.
    """
    spec = spec_cls(params)
    node = _Node(spec, spec.initial(), [])
    for action in actions:
        node.apply(action)
    return node


class _Node:
    """The Python side of one OpenSpiel state: the spec, the engine state and its action ids.

    ``actions`` is every action and chance outcome id since the start, or None for a state
    made by :meth:`GameSpec.resample`, which has no history of its own.
    """

    __slots__ = ("_state", "actions", "spec")

    def __init__(self, spec: GameSpec[Any], state: Any, actions: list[int] | None) -> None:
        self.spec = spec
        self._state = state
        self.actions = actions

    @property
    def state(self) -> Any:
        """The engine state (a new game's, made on first use)."""
        if self._state is None:
            self._state = self.spec.initial()
        return self._state

    def apply(self, action: int) -> None:
        """Play an action or chance outcome id (the spec checks it)."""
        self.spec.apply(self.state, action)
        if self.actions is not None:
            self.actions.append(action)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Node:
        state = None if self._state is None else self.spec.clone(self._state)
        return _Node(self.spec, state, None if self.actions is None else list(self.actions))

    def __reduce__(self) -> tuple[Any, ...]:
        if self.actions is None:
            raise pyspiel.SpielError(
                "a resampled state has no history of its own and cannot be serialized"
            )
        return (_replay, (type(self.spec), dict(self.spec.params), tuple(self.actions)))


class SpecGame(pyspiel.Game):  # type: ignore[misc]
    """A ``pyspiel.Game`` over one spec class (:func:`game_class` makes a subclass naming it
    in ``spec_class``), for the parameters OpenSpiel passes.

    Raises:
        GameshelfError: for a parameter value out of the rules' range (the spec's check).
    """

    spec_class: ClassVar[SpecClass]

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        spec_cls = self.spec_class
        self.spec: GameSpec[Any] = spec_cls(dict(params or {}))
        info = spec_cls.info()
        super().__init__(
            game_type(spec_cls),
            pyspiel.GameInfo(
                num_distinct_actions=info.num_distinct_actions,
                max_chance_outcomes=info.max_chance_outcomes,
                num_players=self.spec.players,
                min_utility=info.min_utility,
                max_utility=info.max_utility,
                utility_sum=info.utility_sum,
                max_game_length=info.max_game_length,
            ),
            dict(self.spec.params),
        )

    def new_initial_state(self) -> SpecState:
        """A new game, at its first chance node (the deal, the first roll)."""
        return SpecState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> SpecObserver:
        """The observer OpenSpiel asks for (see :class:`SpecObserver`)."""
        return SpecObserver(self.spec, iig_obs_type, params)


class SpecState(pyspiel.State):  # type: ignore[misc]
    """A ``pyspiel.State`` over the spec's engine state.

    Player and chance ids, legality, probabilities, returns and texts are the spec's; an
    illegal id raises the spec's ``GameshelfError``.
    """

    def __init__(self, game: SpecGame, node: _Node | None = None) -> None:
        super().__init__(game)
        self._node = node if node is not None else _Node(game.spec, None, [])

    @property
    def spec(self) -> GameSpec[Any]:
        """The game's spec."""
        return self._node.spec

    @property
    def engine_state(self) -> Any:
        """The rules engine's state under this state (a ``YatzState``, ``MugginsState``...).

        Read it, never change it: OpenSpiel's history would no longer describe it.
        """
        return self._node.state

    def current_player(self) -> int:
        """The seat to act, ``PlayerId.CHANCE`` (-1) or ``PlayerId.TERMINAL`` (-4)."""
        return self._node.spec.current_player(self._node.state)

    def _legal_actions(self, player: int) -> list[int]:
        return self._node.spec.legal_actions(self._node.state)

    # The next two answer Python callers (OpenSpiel's Python MCTS and IS-MCTS, scripts)
    # directly, as OpenSpiel's C++ side would, without its several calls back into Python
    # (a chance node's legal_actions() cost about 100 us that way, 30 us this way).

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal ids of ``player`` (default: the one to act), ascending: the chance
        outcome ids at a chance node, [] at the end or for a seat not to act."""
        spec, state = self._node.spec, self._node.state
        current = spec.current_player(state)
        if current == CHANCE:
            return [a for a, _ in spec.chance_outcomes(state)]
        if current == TERMINAL or (player is not None and player != current):
            return []
        return spec.legal_actions(state)

    def is_chance_node(self) -> bool:
        """Whether chance acts next (a roll, a deal, a draw)."""
        return self._node.spec.current_player(self._node.state) == CHANCE

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``(outcome id, probability)`` pairs at a chance node, summing to 1."""
        return self._node.spec.chance_outcomes(self._node.state)

    def _apply_action(self, action: int) -> None:
        self._node.apply(action_int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self._node.spec.action_to_string(player, action)

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self._node.spec.current_player(self._node.state) == TERMINAL

    def returns(self) -> list[float]:
        """Each seat's return: the final result once terminal, 0.0 each before."""
        return [float(r) for r in self._node.spec.returns(self._node.state)]

    def resample_from_infostate(self, player: int, rng: Any) -> SpecState:
        """A state ``player`` cannot tell from this one, the hidden parts drawn afresh with
        ``rng`` (a ``random.Random``, a numpy generator, or OpenSpiel's sampler). It has no
        history of its own (``history()`` is empty, and serializing it raises ``SpielError``).
        """
        spec = self._node.spec
        state = spec.resample(self._node.state, player, _as_random(rng))
        return SpecState(self.get_game(), _Node(spec, state, None))

    def __str__(self) -> str:
        spec, state = self._node.spec, self._node.state
        lines = [f"seat {p}: {spec.observation_string(state, p)}" for p in range(spec.players)]
        if self._node.actions is not None:
            lines.append("actions: " + " ".join(map(str, self._node.actions)))
        return "\n".join(lines)


def _as_random(rng: Any) -> random.Random:
    """A ``random.Random`` from the generators OpenSpiel and its users pass around."""
    if isinstance(rng, random.Random):
        return rng
    if isinstance(rng, np.random.Generator):
        return random.Random(int(rng.integers(2**63)))
    if isinstance(rng, np.random.RandomState):
        return random.Random(int(rng.randint(2**31)))
    if callable(rng):
        return random.Random(int(float(rng()) * 2**53))
    raise TypeError(f"not a random generator: {rng!r}")


class SpecObserver:
    """OpenSpiel's Python observer over a spec: with perfect recall, the spec's
    information-state string and no tensor; otherwise the spec's observation string and its
    tensor, as the one piece ``"observation"`` of ``spec.observation_shape()``.

    Raises:
        ValueError: for observer parameters, or an observation type the spec does not give.
    """

    def __init__(
        self, spec: GameSpec[Any], iig_obs_type: Any, params: Mapping[str, Any] | None
    ) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        if iig_obs_type is not None and (
            not iig_obs_type.public_info
            or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise ValueError(
                "only one player's own view is provided (public and private information)"
            )
        self.spec = spec
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self.tensor: np.ndarray[Any, np.dtype[np.float32]] | None
        self.dict: dict[str, np.ndarray[Any, np.dtype[np.float32]]]
        if self.perfect_recall:
            self.tensor, self.dict = None, {}
        else:
            shape = spec.observation_shape()
            self.tensor = np.zeros(math.prod(shape), np.float32)
            self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state: SpecState, player: int) -> None:
        """Fill ``tensor`` with what ``player`` sees in ``state``."""
        if self.tensor is None:
            raise ValueError("the information state has no tensor; use its string")
        self.tensor[:] = self.spec.observation_tensor(state.engine_state, player).ravel()

    def string_from(self, state: SpecState, player: int) -> str:
        """What ``player`` sees (or, with perfect recall, has seen) in ``state``."""
        if self.perfect_recall:
            return self.spec.information_state_string(state.engine_state, player)
        return self.spec.observation_string(state.engine_state, player)


def resampler(seed: int) -> Callable[[SpecState, int], SpecState]:
    """A seeded resampling callback for OpenSpiel's Python IS-MCTS bot.

    Use: ``bot.set_resampler(resampler(seed))`` on an
    ``open_spiel.python.algorithms.ismcts.ISMCTSBot``; each call draws a state the player to
    move cannot tell from the real one with ``spec.resample``, from one ``random.Random(seed)``.
    """
    rng = random.Random(seed)

    def resample(state: SpecState, player: int) -> SpecState:
        return state.resample_from_infostate(player, rng)

    return resample


_GAME_CLASSES: dict[SpecClass, type[SpecGame]] = {}


def game_class(spec_cls: SpecClass) -> type[SpecGame]:
    """The :class:`SpecGame` subclass of one spec class (made once, then reused)."""
    if spec_cls not in _GAME_CLASSES:
        name = f"{spec_cls.__name__}Game"
        _GAME_CLASSES[spec_cls] = type(
            name,
            (SpecGame,),
            {"spec_class": spec_cls, "__module__": __name__, "__qualname__": name},
        )
    return _GAME_CLASSES[spec_cls]


def register_spec(spec_cls: SpecClass) -> str:
    """Register one spec class with OpenSpiel under ``spec_cls.info().short_name``.

    Registering a name again does nothing. Returns the name.
    """
    # OpenSpiel keeps the creator until the process ends, past Python's own end: it is a
    # class (as OpenSpiel's own Python games register), never a closure, whose last
    # reference dropped then aborts the interpreter ("GIL is released").
    name = spec_cls.info().short_name
    if name not in pyspiel.registered_names():
        pyspiel.register_game(game_type(spec_cls), game_class(spec_cls))
    return name


def register() -> list[str]:
    """Register every game of the registry that offers a research spec.

    Returns:
        The registered names (``["gameshelf_yatz", ...]``).
    """
    return [register_spec(spec_class(game)) for game in spec_games()]


def load(game: str, **params: Any) -> SpecGame:
    """``pyspiel.load_game("gameshelf_<game>", params)`` for one of
    :func:`~gameshelf.rl.games.spec_games`.

    Raises:
        KeyError: for a name not in :func:`~gameshelf.rl.games.spec_games`.
        GameshelfError: for a parameter the spec refuses (checked before OpenSpiel sees it,
            so the message is the game's).
    """
    cls = spec_class(game)
    cls(params)
    loaded: SpecGame = pyspiel.load_game(register_spec(cls), params)
    return loaded


REGISTERED: list[str] = register()
