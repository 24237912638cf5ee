// The room as the frame draws it (frame.js): its title and link, each seat in words, the
// lobby's prompt and "Start", the game's end ("Game over: Ann takes first place."), where
// the focus goes back after a move, and the room's buttons: "Copy link" and "Leave the
// room". `more()` is asks.js's part of the page (loaded after the menu), told of the room
// and of the game's end.

import { levelNote } from "/assets/kit.js";

export function roomScreen({ ui, page, send, sendOnce, say, gameOf, more, showMenu,
  resetRoom }) {
  function seatWords(seat) {
    const you = seat.seat === page.seat ? " (you)" : "";
    if (seat.kind === "open") return "Open seat: waiting for a friend";
    if (seat.kind === "computer") return `${seat.name}: computer${levelNote(seat.name, seat.level)}`;
    if (page.device.size > 1 && page.device.has(seat.seat)) return `${seat.name}: at this device`;
    // a person's seat: away (a stand-in plays), here, left on purpose, or dropped
    const state = seat.away ? `away: the computer plays for ${seat.name}` :
      seat.connected ? "connected" : seat.left ? "left the room" : "connection dropped";
    return `${seat.name}${you}: ${state}`;
  }

  function drawRoom(room) {
    page.room = room;
    more().room(room);
    const game = gameOf(room.game);
    const title = game ? game.title : room.game;
    ui.roomTitle.textContent = `${title}, room ${room.code}`;
    document.title = `${title}: room ${room.code} - gameshelf`;
    ui.roomLink.value = `${location.origin}/r/${room.code}`;
    // the link is for friends: shown while a seat waits for one or one has joined
    ui.roomHead.hidden = !room.seats.some((s) => s.kind === "open" ||
      (s.kind === "person" && s.seat !== page.seat && !page.device.has(s.seat)));
    ui.seats.replaceChildren(...room.seats.map((seat) => {
      const item = document.createElement("li");
      item.textContent = seatWords(seat);
      if (seat.kind === "person") item.dataset.state = seat.away ? "away" : seat.connected ? "here" : "gone";
      return item;
    }));
    ui.start.hidden = !(room.status === "lobby" && room.host === page.seat);
    if (room.status === "lobby") {
      ui.prompt.textContent = room.host === page.seat ?
        "Send the link to your friends; start when everyone is seated (open seats left get a computer)." :
        "Waiting for the host to start the game.";
    }
  }

  // A move disables, hides or redraws the control that sent it, and a drawing may redraw
  // the one the focus was on: the focus then falls to nowhere (the page's body, or a control
  // that can no longer be used). Once the game's drawing is updated it comes back: to the
  // control the game's module names (`focusTarget()`: the next thing to do), else the game's
  // first control that can be used, else the prompt (parked there until a control can be
  // used).
  function refocus(view, had) {
    const active = document.activeElement;
    const lost = !active || active === document.body || (ui.game.contains(active) &&
      (active.disabled || !active.checkVisibility()));
    const waiting = page.parked && active === ui.prompt;
    if (!((had && lost) || waiting)) {
      if (active !== ui.prompt) page.parked = false;
      page.moved = false;
      return;
    }
    const usable = (e) => e && !e.disabled && e.checkVisibility();
    const named = view.focusTarget ? view.focusTarget() : null;
    const target = usable(named) ? named : [...ui.game.querySelectorAll(
      "button, input, select, summary")].find(usable);
    if (target) {
      target.focus();
      page.parked = false;
    } else if (!waiting) {
      ui.prompt.focus();
      page.parked = true;
    }
    page.moved = false;
  }

  function showOver(msg) {
    const first = ui.over.hidden;
    ui.over.hidden = false;
    more().over();
    ui.results.replaceChildren(...[...msg.scores].sort((a, b) => a.place - b.place).map((r) => {
      const item = document.createElement("li");
      const you = r.seat === page.seat ? " (you)" : "";
      item.textContent = `${r.name}${you}: ${Number(r.score).toLocaleString("en-US")} points, ` +
        `place ${r.place}`;
      return item;
    }));
    // the words agree with who is first: "you take", "Ann takes", "Ann and you share"
    const best = msg.scores.filter((r) => r.place === 1)
      .map((r, i) => (r.seat === page.seat ? (i ? "you" : "You") : r.name));
    const shown = best.length > 1 ? `${best.slice(0, -1).join(", ")} and ${best.at(-1)}` : best[0];
    const verb = best.length > 1 ? "share" : best[0] === "You" ? "take" : "takes";
    if (first) say(`Game over: ${shown} ${verb} first place.`);
  }

  ui.start.addEventListener("click", () => {
    sendOnce({ type: "start", code: page.code, token: page.token });
  });

  // "Leave the room": `leave` for this device's seats, then the connection closed, so the
  // others are told "Ann left the room." rather than that her connection dropped. The seat
  // stays hers (its token kept in this browser): the room's link takes it again. Closing the
  // tab or the browser stays a dropped connection: `pagehide` comes alike for a reload, a
  // link followed and a tab closed, and a reload sent as a leave would tell everyone "Ann
  // left the room." then "Ann came back." a moment after.
  ui.leave.addEventListener("click", () => {
    if (!page.code || !page.token || !page.ws || page.ws.readyState !== WebSocket.OPEN) return;
    const code = page.code;
    const tokens = new Set([page.token]);
    if (page.device.size > 1) {
      for (const seat of page.room ? page.room.seats : []) {
        if (page.device.has(seat.seat)) tokens.add(page.device.token(seat.seat));
      }
    }
    for (const token of tokens) send({ type: "leave", code, token });
    page.leaving = true;
    page.ws.close();            // after what was sent: the leave is read first
    resetRoom();
    history.pushState({}, "", "/");
    showMenu(`You left the room ${code}. Its link takes you back to your seat.`);
    ui.games.querySelector("button")?.focus();
  });

  ui.roomCopy.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(ui.roomLink.value);
      say("The room's link is copied.");
    } catch {
      ui.roomLink.select();
    }
  });

  return { drawRoom, refocus, showOver };
}
