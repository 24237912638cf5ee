"""Our games for game-AI research frameworks (OpenSpiel, PettingZoo, Gymnasium).

Each game describes itself once, as a :class:`~gameshelf.rl.spec.GameSpec` (stable integer
action ids, chance outcomes with their probabilities, what each player may observe); the
framework adapters (:mod:`gameshelf.rl.openspiel`, :mod:`gameshelf.rl.pettingzoo`) are thin
wrappers over any spec and add nothing to the rules; :mod:`gameshelf.rl.gym` is solitaire
triple Yatz for Gymnasium. The frameworks themselves are optional
(``pip install 'gameshelf[rl]'``); this package imports them only in the adapter modules.
"""
