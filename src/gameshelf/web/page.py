"""The game server's own web page: the frame every game's page module plays in.

``gameshelf serve`` answers, beside its WebSocket (``/ws``) and on the same port:

- ``/`` (the menu) and ``/r/CODE`` (a room's link): the same HTML frame
  (``frame/index.html``), whose script (``/assets/frame.js``) speaks protocol version 1 to
  ``/ws`` (docs/online.md) and knows no game: it lists the games the server plays, creates
  and joins rooms, keeps each seat's token in the browser (``localStorage``, never in an
  address) and hands each ``state`` to the game's page module. The frame carries
  ``/games.json``'s list itself (a ``<script type="application/json" id="games-data">``
  data block, never run: the policy's ``script-src`` does not apply to it), built once
  when the routes are made, so the menu waits for no request after the frame's script;
- ``/games.json``: the games the server plays (the registry's ``server`` part), in menu
  order, with their page modules (the ``web`` part): ``[{"key", "title", "blurb",
  "script", "styles", "levels", "level", "players": [fewest, most], "options": [{"name",
  "label", "default", "min", "max", "unit"}], "hidden_hands", "rules", "coach"}]`` (``level``:
  the level the setup has chosen first, the terminal's default; ``script`` null, the lists
  empty, for a game with no page module yet; ``hidden_hands``: the page covers a seat's hand
  until it is passed to the seat, :attr:`~gameshelf.core.gamedef.WebPage.hidden_hands`;
  ``rules``: the address of its rules' tree, or null; ``coach``: the server gives hints and
  reviews of the game);
- ``/assets/NAME``: the frame's own script, styles and icon, read once when the routes are
  made and answered from memory (no file opened per request: the menu waits for these);
- ``/games/KEY/NAME``: the files of a game's page module (:class:`~gameshelf.core.gamedef.
  WebPage`), only those it lists, read once when the routes are made and answered from
  memory too (a file opened per request cost a worker thread's start: 40 to 120 ms for the
  first game opened on a loaded machine); ``/games/KEY/data.json``, its static data (a
  deck's cards) when it has some, and ``/games/KEY/rules.json``, its rules as a tree of
  elements (:mod:`gameshelf.web.rules`), each made once when first asked for.

Everything else is 404. Every answer passes the server's guard first
(:class:`gameshelf.core.webguard.GuardMiddleware`: origins, hosts, careful headers); the HTML
frame carries its own Content Security Policy (:func:`gameshelf.core.webguard.page_headers`
without inline styles, with Trusted Types): scripts, styles, fonts and images from the server
only, a WebSocket to it only, nothing inline, no text ever made markup (``innerHTML`` and
the other sinks refused by the browser).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import BaseRoute, Route

from gameshelf.core.gamedef import DATA_FILE, RULES_FILE, GameDef, WebPage
from gameshelf.core.webguard import PAGE_AUTHORITY, page_headers
from gameshelf.games import REGISTRY
from gameshelf.server.games import game_class, playable_games
from gameshelf.web.rules import tree

#: The frame's files (HTML, script, styles).
FRAME = Path(__file__).parent / "frame"
#: The frame's files served at ``/assets/``.
ASSETS = ("frame.js", "device.js", "store.js", "kit.js", "asks.js", "presence.js", "setup.js",
          "room.js", "frame.css", "icon.svg")
#: Where the frame's HTML takes the games' list (:func:`frame_html`).
GAMES_SLOT = "<!-- games -->"
#: Content types by file suffix (the guard's ``nosniff`` makes them matter).
TYPES = {".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8",
         ".html": "text/html; charset=utf-8", ".svg": "image/svg+xml"}


def pages() -> tuple[tuple[GameDef, WebPage | None], ...]:
    """The games the server plays, each with its page module (None: it has none yet, or
    its ``web`` part is badly made: ``serve`` says so when it starts), in menu order."""
    pages = {g.key for g in REGISTRY.working("web").games}
    return tuple((g, g.load("web") if g.key in pages else None) for g in playable_games())


def games_list() -> list[dict[str, Any]]:
    """``/games.json``'s list (see the module's text)."""
    out: list[dict[str, Any]] = []
    for g, page in pages():
        entry: dict[str, Any] = {"key": g.key, "title": g.title, "blurb": g.blurb,
                                 "script": None, "styles": [], "levels": [], "level": None,
                                 "players": [], "options": [], "hidden_hands": False,
                                 "rules": None, "coach": game_class(g.key).coached()}
        if page is not None:
            entry.update(script=f"/games/{g.key}/{page.script}",
                         styles=[f"/games/{g.key}/{name}" for name in page.styles],
                         levels=list(page.levels),
                         level=page.default_level or (page.levels[0] if page.levels else None),
                         players=list(page.players),
                         options=[o.to_page() for o in page.options],
                         hidden_hands=page.hidden_hands,
                         rules=None if page.rules is None else f"/games/{g.key}/{RULES_FILE}")
        out.append(entry)
    return out


def frame_html(listing: list[dict[str, Any]]) -> bytes:
    """The frame's HTML (``frame/index.html``) with ``listing`` (``/games.json``'s list) in
    its games' data block, as UTF-8. Every ``<``, ``>`` and ``&`` of the JSON is written
    ``\\u003c`` and so on, so no text in it can end the block or read as markup."""
    data = (json.dumps(listing, ensure_ascii=False, separators=(",", ":"))
            .replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026"))
    block = f'<script type="application/json" id="games-data">{data}</script>'
    return (FRAME / "index.html").read_text("utf-8").replace(GAMES_SLOT, block, 1)\
        .encode("utf-8")


def _not_found() -> Response:
    return PlainTextResponse("gameshelf: no such page\n", status_code=404)


def page_routes() -> list[BaseRoute]:
    """The page's routes for the game server's Starlette app (see the module's text)."""
    found = pages()
    by_key = {g.key: page for g, page in found if page is not None}
    listing = games_list()
    html = frame_html(listing)
    assets = {name: (FRAME / name).read_bytes() for name in ASSETS}
    files = {(key, name): (page.folder / name).read_bytes()
             for key, page in by_key.items() for name in page.files()}

    async def frame(request: Request) -> Response:
        # the Host as the guard checked it (with the scheme the browser used), so the
        # policy names the very WebSocket address the page opens
        checked = request.scope.get(PAGE_AUTHORITY)
        headers = ({} if checked is None else
                   page_headers(checked[0], checked[1], inline_styles=False,
                                trusted_types=True))
        return Response(html, media_type=TYPES[".html"], headers=headers)

    async def games(_request: Request) -> Response:
        return JSONResponse(listing)

    async def asset(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in assets:
            return _not_found()
        return Response(assets[name], media_type=TYPES[Path(name).suffix])

    made: dict[str | tuple[str, str], Any] = {}

    async def game_file(request: Request) -> Response:
        key = request.path_params["key"]
        page = by_key.get(key)
        name = request.path_params["name"]
        if page is not None and name == DATA_FILE and page.data is not None:
            if key not in made:
                made[key] = page.data()
            return JSONResponse(made[key])
        if page is not None and name == RULES_FILE and page.rules is not None:
            if (key, name) not in made:
                made[key, name] = tree(page.rules())
            return JSONResponse(made[key, name])
        body = files.get((key, name))
        if body is None:
            return _not_found()
        return Response(body, media_type=TYPES.get(Path(name).suffix,
                                                   "application/octet-stream"))

    return [Route("/", frame), Route("/r/{code}", frame), Route("/games.json", games),
            Route("/assets/{name}", asset), Route("/games/{key}/{name}", game_file)]
