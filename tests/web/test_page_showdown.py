"""The game server's own page: Pinball Showdown between two browsers over a shared link, and
against a computer player, by accessible names only.

Two browser contexts (Ann and Bob, each its own storage) play a whole game over the room's
link: a card of the hand offered by a click on it and ``Offer ...``, bids, speed and ``Done``
in the control step, ``Take ...`` in the take step. Every DOM state each page passes through
is looked at (a MutationObserver in the page hands the card ids in its markup to the test):
none ever holds a card of the other seat's hand, or its face-down offer, before the rules
show it (R-PS-4's reveal, a buy from the discard pile). Midway Bob's page is reloaded and
comes back to the same seat, hand and table. A second game is played against a computer seat
at a phone's 390x844: nothing scrolls sideways, and the scores shown at the end are the
engine's for the game's record. Neither page asks anything of another host.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

from gameshelf.core.records import GameRecord
from gameshelf.games.showdown.actions import card_text, parse_action
from gameshelf.games.showdown.game import new_game
from gameshelf.games.showdown.match import Match
from gameshelf.games.showdown.table import Phase
from tests.web.browser import browser_or_skip
from tests.web.gamepage import (
    PATIENCE,
    browser,
    create_room,
    device_room,
    game_server,
    join_room,
    kept_seat,
    no_horizontal_scroll,
    phone,
    record_of,
)

#: Hands every DOM state of the page to the test: the room's number of actions the game's
#: module drew last (``data-seq``) and every card id in the page's markup.
WATCH = """
(() => {
  let last = "";
  const look = () => {
    const game = document.getElementById("game");
    const seq = game && game.dataset.seq !== undefined ? Number(game.dataset.seq) : -1;
    const html = document.documentElement.outerHTML;
    const ids = [...new Set(html.match(/\\bP[0-9]{2}\\b/g) || [])].sort();
    const key = `${seq} ${ids.join(",")}`;
    if (key !== last) {
      last = key;
      window.gameshelfSeen(seq, ids);
    }
  };
  new MutationObserver(look).observe(document, { subtree: true, childList: true,
    characterData: true, attributes: true });
})();
"""
RELOAD_AT = 8


def _labels(locator: Any) -> list[str]:
    return [str(x) for x in locator.evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label'))")]


def _hidden(record: GameRecord) -> list[list[set[str]]]:
    """``hidden[k][seat]``: the cards only ``seat`` may know of after ``k`` actions: its
    hand and its offer while it lies face down, but for the cards it bought from the
    discard pile (known to everyone until the reveal shows them again: the view's
    ``known_in_hand``)."""
    match = Match.from_record(record)
    st = new_game(match.deck, len(match.seats))
    out = []
    for k in range(len(record.actions) + 1):
        if k:
            st.apply_action(parse_action(record.actions[k - 1]))
        row = []
        for seat in range(st.n):
            view = st.view(seat)
            cards = set(view.hand)
            if view.my_offer is not None and st.phase in (Phase.OFFER, Phase.REVEAL):
                cards.add(view.my_offer)
            row.append({card_text(c) for c in cards - set(view.known_in_hand[seat])})
        out.append(row)
    return out


def _hand_at(record: GameRecord, k: int, seat: int) -> set[str]:
    """The cards in ``seat``'s hand after ``k`` actions of ``record``."""
    match = Match.from_record(record)
    st = new_game(match.deck, len(match.seats))
    for text in record.actions[:k]:
        st.apply_action(parse_action(text))
    return {card_text(c) for c in st.view(seat).hand}


def _never_shown(seen: list[tuple[int, list[str]]], hidden: list[list[set[str]]],
                 other: int) -> int:
    """Check each DOM state of one page against the cards ``other`` kept hidden; the number
    of states looked at. A state is checked against the hidden cards of the next action
    the page drew: the frame writes the new moves' words an instant before the game's
    module draws their state (and a card once shown stays public, so the later set is the
    smaller)."""
    checked = 0
    for i, (seq, ids) in enumerate(seen):
        later = [s for s, _ in seen[i + 1:] if s > seq]
        at = min(later) if later else max(seq, 0)
        shown = set(ids) & hidden[at][other]
        assert not shown, (f"a page showed {sorted(shown)} of seat {other}'s hidden cards "
                           f"(drawing action {seq}, checked against {at})")
        checked += 1
    return checked


def _seq(page: Any) -> str:
    return str(page.locator("#game").get_attribute("data-seq"))


def _move(page: Any, rng: random.Random) -> bool:
    """One move on ``page`` by accessible names, when it is this seat's to make; waits until
    the page draws the state it leads to."""
    move = page.get_by_role("group", name="Your move")
    if not move.is_visible():
        return False
    before = _seq(page)
    hand = page.get_by_role("group", name="Your hand")
    table = page.get_by_role("group", name="Cards this turn")
    discard = page.get_by_role("group", name="Discard pile")
    faceup = table.get_by_role("button", disabled=False)
    offers = hand.get_by_role("button", disabled=False)
    if offers.count():
        offers.nth(rng.randrange(offers.count())).click()
        move.get_by_role("button", name=re.compile("^Offer P[0-9]{2} ")).click()
    elif move.get_by_role("button", name="Flip").count():
        move.get_by_role("button", name="Flip").click()
    elif move.get_by_role("button", name="Done").count():
        roll = rng.random()
        buys = discard.get_by_role("button", disabled=False)
        if roll < 0.4 and faceup.count():
            faceup.nth(rng.randrange(faceup.count())).click()
            move.get_by_role("button", name=re.compile("^Bid on P[0-9]{2} ")).click()
        elif roll < 0.5 and buys.count():
            buys.first.click()
            move.get_by_role("button", name=re.compile("^Buy P[0-9]{2} ")).click()
        elif roll < 0.6 and move.get_by_role("button", name="Raise speed").count():
            move.get_by_role("button", name="Raise speed").click()
        else:
            move.get_by_role("button", name="Done").click()
    else:
        faceup.nth(rng.randrange(faceup.count())).click()
        move.get_by_role("button", name=re.compile("^Take P[0-9]{2} ")).click()
    page.wait_for_function("s => document.getElementById('game').dataset.seq !== s",
                           arg=before)
    return True


def _shown_scores(page: Any) -> dict[str, int]:
    text = page.get_by_role("region", name="Game over").inner_text()
    return {m.group(1): int(m.group(2).replace(",", "")) for m in re.finditer(
        r"^(.+?)(?: \(you\))?: ([\d,]+) points", text, re.M)}


def _foreign(asked: list[str], server: Any) -> list[str]:
    origin = server.url.rstrip("/")
    ws_origin = server.ws_url.rsplit("/", 1)[0]
    return [u for u in asked
            if not (u.startswith(origin + "/") or u.startswith(ws_origin + "/"))]


def _table(page: Any) -> tuple[list[str], list[str], str]:
    return (_labels(page.get_by_role("group", name="Your hand").get_by_role("button")),
            _labels(page.get_by_role("group", name="Cards this turn").get_by_role("button")),
            page.get_by_role("list", name="Players").inner_text())


def test_two_browsers_play_showdown_and_never_see_each_others_hand(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    executable = browser_or_skip()
    rng = random.Random(25)
    asked: list[str] = []
    seen: dict[str, list[tuple[int, list[str]]]] = {"Ann": [], "Bob": []}
    with game_server(tmp_path / "home", "--rate", "200") as server, \
            browser(executable) as chromium:
        pages = {}
        for name in ("Ann", "Bob"):
            context = chromium.new_context(viewport={"width": 1280, "height": 800})
            context.set_default_timeout(PATIENCE * 1000)
            context.expose_function(
                "gameshelfSeen", lambda seq, ids, name=name: seen[name].append((seq, ids)))
            context.add_init_script(WATCH)
            page = context.new_page()
            page.on("request", lambda r: asked.append(r.url))
            page.on("websocket", lambda w: asked.append(w.url))
            pages[name] = page
        ann, bob = pages["Ann"], pages["Bob"]

        ann.goto(server.url)
        code = create_room(ann, "Pinball Showdown", computers=0, friends=1)
        join_room(bob, f"{server.url}r/{code}", "Bob")
        expect(ann.get_by_text("Bob: connected")).to_be_visible()
        ann.get_by_role("button", name="Start the game").click()

        over = [p.get_by_role("heading", name="Game over") for p in (ann, bob)]
        for p in (ann, bob):
            expect(p.get_by_role("group", name="Your hand").get_by_role("button").first
                   ).to_be_visible()
        moves, reloaded = 0, False
        while not (over[0].is_visible() and over[1].is_visible()):
            acted = [_move(p, rng) for p in (ann, bob)]
            moves += sum(acted)
            if not any(acted):
                ann.wait_for_timeout(50)
            if moves >= RELOAD_AT and not reloaded:
                reloaded = True
                expect(bob.locator("#game")).to_have_attribute("data-seq", _seq(ann))
                before, seq = _table(bob), _seq(bob)
                bob.reload()
                expect(bob.locator("#game")).to_have_attribute("data-seq", seq)
                assert _table(bob) == before
                expect(bob.get_by_text("Bob (you): connected")).to_be_visible()
            assert moves < 400, "the game never ended"
        assert reloaded

        tokens = kept_seat(ann, code)["token"], kept_seat(bob, code)["token"]
        record = record_of(server.ws_url, code, tokens[0])
        match = Match.from_record(record)
        assert match.state.is_terminal()
        totals = {"Ann": match.state.score(0).total, "Bob": match.state.score(1).total}
        assert _shown_scores(ann) == totals == _shown_scores(bob)
        for p in (ann, bob):
            assert not any(t in p.url or t in p.content() for t in tokens)
            p.context.close()

    hidden = _hidden(record)
    assert _never_shown(seen["Ann"], hidden, other=1) > 20
    assert _never_shown(seen["Bob"], hidden, other=0) > 20
    # the test would see a leak: each page showed its own hand, cards the other never did
    assert any(set(ids) & hidden[max(seq, 0)][0] for seq, ids in seen["Ann"])
    assert not _foreign(asked, server)


def test_a_showdown_game_against_a_computer_at_a_phones_size(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    executable = browser_or_skip()
    rng = random.Random(7)
    asked: list[str] = []
    with game_server(tmp_path / "home", "--rate", "200") as server, \
            browser(executable) as chromium:
        page = phone(chromium, asked)
        page.goto(server.url)
        code = create_room(page, "Pinball Showdown", computers=1, level="heuristic")
        expect(page.get_by_text("CPU 1: computer (heuristic)")).to_be_visible()
        over = page.get_by_role("heading", name="Game over")
        move = page.get_by_role("group", name="Your move")
        moves = 0
        while True:
            expect(move.or_(over)).to_be_visible()
            if over.is_visible():
                break
            moves += _move(page, rng)
            if moves == 3:
                assert no_horizontal_scroll(page)
            assert moves < 300, "the game never ended"
        assert no_horizontal_scroll(page)
        expect(page.get_by_role("log")).to_contain_text("CPU 1")
        record = record_of(server.ws_url, code, kept_seat(page, code)["token"])
        match = Match.from_record(record)
        assert match.state.is_terminal()
        assert _shown_scores(page) == {"Ann": match.state.score(0).total,
                                       "CPU 1": match.state.score(1).total}
        page.context.close()
    assert not _foreign(asked, server)


def test_two_people_at_one_device_pass_it_before_a_hand_is_shown(tmp_path: Path) -> None:
    """Ann and Bob at one page: the page sits at whichever seat is to act, and before a
    hand is shown says "Pass the device to NAME" with the game hidden until NAME asks for
    it; each hand shown is its own seat's (the other's offers never among it). A reload
    comes back behind the cover; the game is played to its end."""
    from playwright.sync_api import expect

    executable = browser_or_skip()
    rng = random.Random(3)
    with game_server(tmp_path / "home", "--rate", "200") as server, \
            browser(executable) as chromium:
        context = chromium.new_context(viewport={"width": 390, "height": 844})
        context.set_default_timeout(PATIENCE * 1000)
        page = context.new_page()
        page.goto(server.url)
        device_room(page, "Pinball Showdown")
        game = page.locator("#game")
        over = page.get_by_role("heading", name="Game over")
        code = page.url.rsplit("/", 1)[1]
        shown: list[tuple[str, int, set[str]]] = []   # whose hand, at which action, its cards
        covers = moves = 0
        while True:
            cover = page.get_by_role("heading", name=re.compile("^Pass the device to "))
            move = page.get_by_role("group", name="Your move")
            expect(cover.or_(move).or_(over).first).to_be_visible()
            if over.is_visible():
                break
            if cover.is_visible():
                name = cover.inner_text().rsplit(" ", 1)[1]
                expect(game).to_be_hidden()
                covers += 1
                page.get_by_role("button", name=f"Show {name}'s hand").click()
                expect(game).to_be_visible()
                held = _labels(page.get_by_role("group", name="Your hand").get_by_role("button"))
                shown.append((name, int(_seq(page)), {h.split(" ", 1)[0] for h in held}))
                if covers == 3:
                    page.reload()
                    expect(page.get_by_role("heading", name=re.compile(
                        "^Pass the device to "))).to_be_visible()
                continue
            moves += _move(page, rng)
            assert moves < 400, "the game never ended"
        assert covers > 10 and {name for name, _, _ in shown} == {"Ann", "Bob"}
        assert no_horizontal_scroll(page)
        record = record_of(server.ws_url, code, kept_seat(page, code)["token"])
        context.close()
    for name, seq, cards in shown:
        assert cards == _hand_at(record, seq, ("Ann", "Bob").index(name)), (name, seq)
