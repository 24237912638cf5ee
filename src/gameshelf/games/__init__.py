"""The registry: every game, one line each, its modules loaded when it is first used.

Everything of one game (rules engine, computer players, match driver, view, text forms,
screens, command-line sub-commands, statistics, research spec) lives in its folder
``games/<key>/``, whose ``__init__`` holds its :class:`~gameshelf.core.gamedef.GameDef`.
The layers above the rules find games here and never import a game's folder.
"""

from gameshelf.core.gamedef import Registry

#: The games, in menu order.
REGISTRY = Registry()
REGISTRY.add("dollar", "gameshelf.games.dollar")
REGISTRY.add("yatz", "gameshelf.games.yatz")
REGISTRY.add("muggins", "gameshelf.games.muggins")
REGISTRY.add("showdown", "gameshelf.games.showdown")
