"""The game server's web page beside its WebSocket (``gameshelf.web.page``): the frame at
``/`` and ``/r/CODE`` under a policy with nothing inline, the games listed from the registry,
each game's page module found through its ``web`` part, and nothing else of any folder."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gameshelf.games import REGISTRY
from tests.origins import Answer, ask
from tests.server.helpers import Running, running


def _port(server: Running) -> int:
    return int(server.url.rsplit(":", 1)[1].split("/", 1)[0])


def _get(server: Running, path: str) -> Answer:
    port = _port(server)
    return ask(port, f"GET {path} HTTP/1.1", [f"Host: 127.0.0.1:{port}"], upgrade=False)


@pytest.mark.parametrize("path", ["/", "/r/ABCD"])
def test_the_frame_is_served_under_a_policy_with_nothing_inline(server: Running,
                                                                path: str) -> None:
    answer = _get(server, path)
    assert answer.status == 200
    assert answer.headers["content-type"].startswith("text/html")
    csp = answer.headers["content-security-policy"]
    assert "script-src 'self';" in csp and "style-src 'self';" in csp
    assert f"connect-src 'self' ws://127.0.0.1:{_port(server)};" in csp
    assert "'unsafe-inline'" not in csp and "'unsafe-eval'" not in csp
    assert "require-trusted-types-for 'script'; trusted-types 'none';" in csp
    assert answer.headers["cache-control"] == "no-store"
    assert b"<script>" not in answer.body and b"<style" not in answer.body
    assert b" style=" not in answer.body and b"http://" not in answer.body
    assert b"https://" not in answer.body


def test_the_games_are_the_registrys_with_their_page_modules(server: Running) -> None:
    games = json.loads(_get(server, "/games.json").body)
    assert [g["key"] for g in games] == [g.key for g in REGISTRY.with_part("server")]
    for game in games:
        has_page = REGISTRY.get(game["key"]).has("web")
        assert (game["script"] is not None) == has_page
        if has_page:
            script = _get(server, game["script"])
            assert script.status == 200
            assert script.headers["content-type"].startswith("text/javascript")
            for style in game["styles"]:
                assert _get(server, style).headers["content-type"].startswith("text/css")
            assert game["levels"] and game["players"][0] <= game["players"][1]
    assert any(g["script"] for g in games)


@pytest.mark.parametrize("path", [
    "/games/nothing/x.js", "/games/yatz/__init__.py", "/games/yatz/../view.py",
    "/assets/index.html", "/assets/..%2fpage.py", "/r/", "/r/AB/CD", "/favicon.ico"])
def test_nothing_else_is_served(server: Running, path: str) -> None:
    assert _get(server, path).status == 404


def test_the_frames_own_files(server: Running) -> None:
    assert _get(server, "/assets/frame.js").headers["content-type"].startswith(
        "text/javascript")
    assert _get(server, "/assets/frame.css").headers["content-type"].startswith("text/css")
    assert _get(server, "/assets/icon.svg").headers["content-type"] == "image/svg+xml"


@pytest.mark.parametrize("host, connect", [
    ("games.example.com", "wss://games.example.com:443"),
    ("games.example.com:443", "wss://games.example.com:443"),
    ("play.example:8080", "ws://play.example:8080"),
    ("127.0.0.1:{P}", "ws://127.0.0.1:{P}"),
])
def test_the_frames_policy_names_the_websocket_its_page_opens(tmp_path: Path, host: str,
                                                             connect: str) -> None:
    """Behind a TLS proxy (an ``https`` origin given with ``--allow-origin``, whose ``Host``
    has no port) the page opens ``wss://`` at port 443: its policy names that, and no
    plain WebSocket at a port nobody serves."""
    allow = ("https://games.example.com", "http://play.example:8080")
    with running(tmp_path / "server.db", allow_origins=allow) as server:
        port = _port(server)
        answer = ask(port, "GET /r/ABCD HTTP/1.1", [f"Host: {host.format(P=port)}"],
                     upgrade=False)
    assert answer.status == 200
    sources = answer.headers["content-security-policy"].split("connect-src ", 1)[1]
    assert sources.split(";", 1)[0] == f"'self' {connect.format(P=port)}"


def test_a_page_modules_data_is_served_beside_it_once_made(server: Running) -> None:
    """Showdown's deck (R-PS-1): every card's device, points and speed requirement, as the
    page names its cards; a game whose page has no data has no ``data.json``."""
    from gameshelf.games.showdown.cards import default_deck

    answer = _get(server, "/games/showdown/data.json")
    assert answer.status == 200
    assert answer.headers["content-type"].startswith("application/json")
    deck = json.loads(answer.body)
    cards = default_deck().playfield
    assert [(k, c["device"], c["points"], c["speed"]) for k, c in deck["playfield"].items()] == [
        (c.id, c.device, c.points, c.speed_range) for c in cards]
    assert deck["reconstruction"] is True and deck["turns"] == 10
    assert len(deck["combinations"]) == len(default_deck().combinations)
    assert _get(server, "/games/yatz/data.json").status == 404


def test_the_setup_chooses_the_level_the_terminal_plays(server: Running) -> None:
    """One default level per game, from its folder: the page's setup has chosen what the
    terminal's ``cpu`` plays (Yatz: strong, not the quick greedy listed first)."""
    from gameshelf.core.chance import Chance
    from gameshelf.core.gamedef import options_of
    from gameshelf.games.muggins.mugsy import DEFAULT_LEVEL as MUGGINS_LEVEL
    from gameshelf.games.muggins.tui.level import DEFAULT_LEVEL as MUGGINS_SCREEN
    from gameshelf.games.showdown.players import make_player as showdown_player
    from gameshelf.games.yatz.players import default_player

    games = {g["key"]: g for g in json.loads(_get(server, "/games.json").body)}
    terminal = {"yatz": default_player(), "muggins": MUGGINS_LEVEL,
                "showdown": showdown_player("cpu", Chance(1)).name, "dollar": "random"}
    assert MUGGINS_SCREEN == MUGGINS_LEVEL
    for key, level in terminal.items():
        assert games[key]["level"] == level == options_of(REGISTRY.get(key)).DEFAULT_LEVEL
        assert level in games[key]["levels"]
    assert games["yatz"]["level"] == "strong"


def test_the_frame_asks_for_the_modules_its_script_imports_with_it(server: Running) -> None:
    """Each module ``frame.js`` imports is named in the frame (``modulepreload``), so the
    browser asks for it beside the script, not one round trip after it."""
    import re

    script = _get(server, "/assets/frame.js").body.decode()
    imported = set(re.findall(r'^import .* from "\./([a-z]+\.js)";$', script, re.M))
    html = _get(server, "/").body.decode()
    preloaded = set(re.findall(r'<link rel="modulepreload" href="/assets/([a-z]+\.js)">', html))
    assert imported and imported == preloaded


def _tags(node: object) -> set[str]:
    if isinstance(node, str):
        return set()
    assert isinstance(node, list) and isinstance(node[0], str), node
    return {node[0]}.union(*(_tags(child) for child in node[1:]))


def _text(node: object) -> str:
    return node if isinstance(node, str) else " ".join(_text(c) for c in node[1:])  # type: ignore[index]


def test_each_games_rules_are_served_as_elements_never_markup(server: Running) -> None:
    """Each game's rules (as the page plays them: no terminal key) as a tree of the few
    elements the page builds; the list says which games have a coach (hints and reviews)."""
    from gameshelf.web.rules import TAGS

    games = {g["key"]: g for g in json.loads(_get(server, "/games.json").body)}
    assert {k: g["coach"] for k, g in games.items()} == {
        "dollar": False, "yatz": True, "muggins": True, "showdown": True}
    for key, game in games.items():
        assert game["rules"] == f"/games/{key}/rules.json"
        answer = _get(server, game["rules"])
        assert answer.status == 200
        assert answer.headers["content-type"].startswith("application/json")
        tree = json.loads(answer.body)
        assert tree and set().union(*map(_tags, tree)) <= TAGS
        words = " ".join(map(_text, tree))
        assert tree[0][0] == "h3" and REGISTRY.title(key).split()[-1] in _text(tree[0])
        assert "Keys" not in words and "F1" not in words, key
    assert _get(server, "/games/yatz/rules.js").status == 404
