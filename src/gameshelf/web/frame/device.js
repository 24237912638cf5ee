// Several people at one device: the seats this browser holds in a room beyond the one its
// connection is bound to. The server binds a connection to one seat at a time, so the frame
// rejoins, with that seat's token, whichever of the device's seats is to act; a game whose
// hands are hidden (its page's `hidden_hands`) is covered meanwhile by "Pass the device to
// NAME", until that person asks for their hand. The tokens are kept in this browser only
// (localStorage, under the room's code), as the frame keeps its own seat's.

const DEVICE_KEY = (code) => `gameshelf.device.${code}`;

// The names typed for the others at this device: split at commas, each as typed (the server
// checks a name before it folds its blanks, so a tab or U+2028 at an end is refused, never
// trimmed away here), the empty ones and those of spaces only left out.
export function namesOf(text) {
  return text.split(",").filter((name) => name.replaceAll(" ", "").length > 0);
}

export function device(store) {
  const seats = new Map();     // seat -> token, every seat of the room at this device
  let code = null;
  const joins = new Map();     // ref of a join sent for one of the others -> its name
  let waiting = [];            // [{seat, name}] still to join

  function save() {
    if (code) store.setItem(DEVICE_KEY(code), JSON.stringify([...seats]));
  }

  return {
    get size() {
      return seats.size;
    },
    has: (seat) => seats.has(seat),
    token: (seat) => seats.get(seat),
    // no room: nothing held
    forget() {
      code = null;
      seats.clear();
      joins.clear();
      waiting = [];
    },
    // a room entered: its seats at this device as this browser kept them
    load(room) {
      code = room;
      seats.clear();
      joins.clear();
      waiting = [];
      try {
        for (const [seat, token] of JSON.parse(store.getItem(DEVICE_KEY(room)) || "[]")) {
          if (Number.isInteger(seat) && typeof token === "string") seats.set(seat, token);
        }
      } catch {
        seats.clear();
      }
    },
    // the room made: the host's seat, and the others' seats (1, 2, ... in the create's
    // seats) still to join
    made(room, seat, token, others) {
      code = room;
      seats.clear();
      seats.set(seat, token);
      waiting = others.map((name, i) => ({ seat: seat + 1 + i, name }));
      save();
    },
    joining: () => waiting.length > 0 || joins.size > 0,
    // send the next join of the others; false when none is left
    joinNext(send) {
      const next = waiting.shift();
      if (!next) return false;
      joins.set(send({ type: "join", code, name: next.name, seat: next.seat }), next);
      return true;
    },
    // a `joined` answering one of those joins: kept, and true (the frame's seat is not it)
    joined(msg) {
      if (!joins.has(msg.ref)) return false;
      joins.delete(msg.ref);
      seats.set(msg.seat, msg.token);
      save();
      return true;
    },
    // an error answering one of those joins (a name taken twice): that seat stays open
    failed(ref) {
      return joins.delete(ref);
    },
    // the device's seat to act when the state says another of them is
    next(state, bound) {
      const seat = state.to_act;
      return seat !== bound && seats.has(seat) ? seat : null;
    },
  };
}

// The cover over a hidden hand: "Pass the device to NAME", the game (`parts.game`) hidden
// until NAME's own state is drawn (`ready`) and NAME asks for it with the cover's button;
// shown only when `wanted()` says so.
export function cover(parts, say, wanted) {
  const { box, title, button, game } = parts;
  let seat = null;

  function hide() {
    seat = null;
    box.hidden = true;
    game.hidden = false;
  }

  button.addEventListener("click", () => {
    hide();
    const first = game.querySelector("button:enabled");
    if (first) first.focus();
  });

  return {
    show(forSeat, name) {
      if (!wanted()) return;
      seat = forSeat;
      title.textContent = `Pass the device to ${name}`;
      button.textContent = `Show ${name}'s hand`;
      button.disabled = true;
      box.hidden = false;
      game.hidden = true;
      say(`Pass the device to ${name}.`);
    },
    ready(forSeat) {
      if (seat !== forSeat || !button.disabled) return;
      button.disabled = false;
      button.focus();     // the focus was in the game hidden: the keyboard finds the cover
    },
    hide,
  };
}
