// Who is in the room, said in the page's live region (the frame's `say`) in the words the
// terminal's online screens use (session/remote.py, seat_news and the stand-in news), each
// once, for the people of the other seats (never this device's own, nor computers):
// - from one description of the room to the next: "Bob joined.", "Bob left the room." (a
//   `leave`: the seat's `left`), "Bob's connection dropped." (gone without leaving),
//   "Bob came back.", "Bob is away: the computer plays for Bob." (the seat's `away`: the
//   room's away timeout passed, a computer stand-in plays for it);
// - from a state whose moves a computer made for a person's seat (`by_computer`) the room
//   did not yet say was away (a page opened after it was marked): the same away line;
// - to this page's own person, rejoining a seat the room still marks away (the room as the
//   rejoin found it: a reload, a reopened tab, a dropped connection come back after the
//   away timeout): "You were away: the computer played your turns meanwhile.", said after
//   the moves of the state that follows (what was played meanwhile comes first).
// A seat's away news is said again only once it came back (not away) in between.

// The news from the seats `before` to the seats `after`, as [{seat, text, away}] (`away`:
// the line says a stand-in now plays); `me`: this page's seat; `ours(seat)`: true for a
// seat held at this device
export function seatNews(before, after, me, ours) {
  const old = new Map(before.map((s) => [s.seat, s]));
  const out = [];
  for (const s of after) {
    const was = old.get(s.seat);
    if (s.seat === me || ours(s.seat) || s.kind !== "person" || !was) continue;
    const who = s.name;
    const line = (text, away = false) => out.push({ seat: s.seat, text, away });
    if (was.kind === "open") line(`${who} joined.`);
    else if (was.connected && !s.connected) {
      line(s.left ? `${who} left the room.` : `${who}'s connection dropped.`);
    } else if ((s.connected && !was.connected) || (was.away && !s.away)) {
      line(`${who} came back.`);
    }
    if (s.away && !was.away) line(awayWords(who), true);
  }
  return out;
}

function awayWords(who) {
  return `${who} is away: the computer plays for ${who}.`;
}

export const BACK_WORDS = "You were away: the computer played your turns meanwhile.";

// The room's news for one page: `say(text)` puts a line in its live region.
export function presence(say) {
  let code = null;
  let seats = null;           // the room's seats as last described
  const told = new Set();     // seats whose away news was said (this page's own included)
  const owed = [];            // lines to say after the next state's log lines

  // forget what was said, for another room (or none)
  function reset() {
    code = null;
    seats = null;
    told.clear();
    owed.length = 0;
  }

  function note(info) {
    if (info.code !== code) reset();
    code = info.code;
    for (const s of info.seats) if (!s.away) told.delete(s.seat);
    seats = info.seats;
  }

  return {
    reset,
    // the lines kept for after a state's log lines, said now
    flush() {
      for (const line of owed.splice(0)) say(line);
    },
    // a new description of the room (`room`, or a `joined` of a seat taken again): its news
    room(info, me, ours) {
      const lines = info.code === code && seats ? seatNews(seats, info.seats, me, ours) : [];
      for (const line of lines) {
        if (line.away && told.has(line.seat)) continue;
        if (line.away) told.add(line.seat);
        say(line.text);
      }
      note(info);
    },
    // this page's own seat taken again (`joined`, answering its rejoin): the room as the
    // rejoin found it still marks it away when a stand-in played meanwhile
    back(info, me) {
      const mine = info.seats.find((s) => s.seat === me);
      if (info.code !== code) reset();
      if (mine && mine.away && !told.has(me)) {
        owed.push(BACK_WORDS);     // said once the state's moves are (flush)
        told.add(me);
        code = info.code;
        seats = info.seats;
        return;
      }
      note(info);
    },
    // a state: moves a computer made for a person's seat not yet said away
    state(msg, me, ours) {
      if (!seats || msg.code !== code) return;
      for (const e of msg.events || []) {
        const s = seats.find((x) => x.seat === e.seat);
        if (!e.by_computer || !s || s.kind !== "person" || e.seat === me || ours(e.seat) ||
          told.has(e.seat)) continue;
        told.add(e.seat);
        say(awayWords(s.name));
      }
    },
  };
}
