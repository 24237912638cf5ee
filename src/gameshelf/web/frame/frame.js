// The page's frame: the menu, rooms and seats over the game server's protocol version 1
// (docs/online.md), one WebSocket to this server's /ws. It knows no game: the games come
// from /games.json (the server's registry), and each room's game is drawn by that game's
// page module (its `mount(root, api)` returns `{update(state), results(state)}`: results,
// each seat's `{seat, name, score, place}` read from a finished game's view; and, when it
// has one, `refused(error)`, told of an action refused as `illegal`, returning true when it
// said the refusal itself, beside what sent it: the frame's error line then stays empty,
// so a refusal is shown once). An `update` that plays something out (Dollar's trace told
// step by step) returns a promise of its end: the log's lines, the prompt and the game's
// end are held until then, so no news outruns what the page is showing. And, when it has
// one, `focusTarget()`: the control the focus goes to when a move left it nowhere (see
// room.js's refocus()). A replay mounts the module with `api.readOnly` true: nothing is played there,
// so a module shows no form to fill (its fields as text).
//
// A seat's token is kept in this browser only (localStorage, under the room's code): never
// in an address, a log line or a message to anyone but this server. Several people may play
// at one device (device.js): the frame then holds each of their seats and sits at the one
// to act, a hidden hand covered until its player asks for it.

import { cover, device } from "./device.js";
import { presence } from "./presence.js";
import { roomScreen } from "./room.js";
import { setup } from "./setup.js";
import { store } from "./store.js";

const $ = (id) => document.getElementById(id);
const SEAT_KEY = (code) => `gameshelf.seat.${code}`;
const LOG_LINES = 200;

const ui = {
  connection: $("connection"), menu: $("menu"), games: $("games"), setup: $("setup"),
  setupTitle: $("setup-title"), setupForm: $("setup-form"), setupName: $("setup-name"),
  setupComputers: $("setup-computers"), setupLevel: $("setup-level"),
  setupOpen: $("setup-open"), setupOptions: $("setup-options"), setupLocal: $("setup-local"),
  setupBack: $("setup-back"),
  cover: $("cover"), coverTitle: $("cover-title"), coverShow: $("cover-show"), join: $("join"), joinCode: $("join-code"),
  joinForm: $("join-form"), joinName: $("join-name"), joinRefused: $("join-refused"),
  joinRefusedWords: $("join-refused-words"), joinNew: $("join-new"), joinBack: $("join-back"),
  room: $("room"),
  roomTitle: $("room-title"), roomHead: $("room-head"), roomLink: $("room-link"), roomCopy: $("room-copy"),
  seats: $("seats"), start: $("start"), leave: $("leave"), menuNote: $("menu-note"), prompt: $("prompt"), game: $("game"),
  over: $("over"), results: $("results"), error: $("error"), log: $("log"),
};

const page = {
  games: [],          // /games.json
  gamesReady: null,   // its promise
  chosen: null,       // the game being set up
  code: null,         // the room shown
  seat: null,         // this browser's seat in it
  token: null,
  room: null,         // the room's last description
  autoStart: false,   // start as soon as joined (no seat left for friends)
  view: null,         // the game module's drawing
  viewFor: null,      // which room and seat it draws ("CODE:SEAT")
  viewing: null,      // the promise of that drawing (its module loading)
  last: null,         // the last state
  logSeq: 0,          // the action of the newest log line taken
  logLast: [],        // that action's lines in the last state
  waiting: null,      // the ref of the create, join or start sent and not yet answered
  waitingFor: null,   // its type
  ws: null,
  queue: [],
  retry: 500,
  refs: 0,
  others: null,       // the names of the others at this device, for the room being made
  switching: null,    // the seat of this device rejoined and not yet answered
  coverOnEntry: false, // a room of several people at this device come back to: cover first
  held: Promise.resolve(), // the end of what the game's drawing plays out (see after())
  moved: false,       // a move was sent from a control of the game (room.js's refocus())
  parked: false,      // the focus was put on the prompt, no control being usable
  leaving: false,     // the connection is being closed after a `leave` (not lost)
};

// `then` once what the game's drawing plays out has ended (at once when nothing plays),
// in the order asked; dropped when the room was left meanwhile.
function after(then) {
  const code = page.code;
  page.held = page.held.then(() => {
    if (page.code === code) then();
  }).catch((e) => showError(String(e)));
}

// rules, hints, the review, the replay and the server's tables (asks.js), loaded once the
// menu is drawn (the menu waits for no more modules): until then its calls do nothing
let more = { menu() {}, room() {}, state() {}, over() {}, receive() {}, refused() {},
  reset() {}, lost() {} };

// who joined, left, dropped, came back or is away, said once each (presence.js)
const roomNews = presence(say);
const ours = (seat) => page.device.size > 1 && page.device.has(seat);

// the forms that lead to a room (setup.js) and the room's drawing and buttons (room.js)
const { showSetup, showJoin, noSeat } = setup({ ui, page, show, showError, showMenu, sendOnce,
  resetRoom, loadSeat, enterRoom });
const { drawRoom, refocus, showOver } = roomScreen({ ui, page, send, sendOnce, say, gameOf,
  more: () => more, showMenu, resetRoom });

// ----- the seat's token, kept by this browser (store.js) ----------------------------------
let unkeptSaid = false;
page.device = device(store);
// "Pass the device to NAME": only for a game with hidden hands, several people at the device
const covering = cover({ box: ui.cover, title: ui.coverTitle, button: ui.coverShow,
  game: ui.game }, say, () => page.device.size > 1 && Boolean(page.room &&
  (gameOf(page.room.game) || {}).hidden_hands));

function loadSeat(code) {
  try {
    const found = JSON.parse(store.getItem(SEAT_KEY(code)) || "null");
    return found && typeof found.token === "string" ? found : null;
  } catch {
    return null;
  }
}

function saveSeat(code, seat, token) {
  store.setItem(SEAT_KEY(code), JSON.stringify({ seat, token }));
  if (!store.kept && !unkeptSaid) {
    unkeptSaid = true;
    say("This browser keeps no data for this site: a reload or a closed tab cannot come " +
      "back to this seat.");
  }
}

function forgetSeat(code) {
  store.removeItem(SEAT_KEY(code));
}

// ----- the connection ---------------------------------------------------------------------
function connect() {
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  const ws = new WebSocket(`${scheme}${location.host}/ws`);
  page.ws = ws;
  ws.addEventListener("open", () => {
    page.retry = 500;
    ui.connection.textContent = "Connected";
    if (page.code && page.token) {
      send({ type: "rejoin", code: page.code, token: page.token }, true);
    }
    for (const text of page.queue.splice(0)) ws.send(text);
  });
  ws.addEventListener("message", (event) => {
    let msg;
    try {
      msg = JSON.parse(event.data);
    } catch {
      return;
    }
    if (msg && msg.v === 1) receive(msg);
  });
  ws.addEventListener("close", () => {
    answered(page.waiting);   // its answer is lost with the connection
    more.lost();              // and those of the questions asked
    if (page.leaving) {       // closed by "Leave the room": a new connection at once
      page.leaving = false;
      connect();
      return;
    }
    ui.connection.textContent = "Connection lost: trying again…";
    setTimeout(connect, page.retry);
    page.retry = Math.min(page.retry * 2, 8000);
  });
}

function send(msg, now = false) {
  const ref = `r${++page.refs}`;
  const text = JSON.stringify({ v: 1, ref, ...msg });
  if (page.ws && page.ws.readyState === WebSocket.OPEN) page.ws.send(text);
  else if (!now) page.queue.push(text);
  return ref;
}

// A create, join or start is sent once until it is answered: a double click, or a second
// click while the answer is on its way, sends nothing more (a second create would make a
// second room, a second join take a second seat). Their buttons say so by being disabled.
const ONCE_BUTTONS = () => [ui.setupForm.querySelector("button[type=submit]"),
  ui.joinForm.querySelector("button[type=submit]"), ui.start];

function sendOnce(msg) {
  if (page.waiting) return;
  page.waiting = send(msg);
  page.waitingFor = msg.type;
  for (const button of ONCE_BUTTONS()) button.disabled = true;
}

function answered(ref) {
  if (!page.waiting || ref !== page.waiting) return;
  page.waiting = null;
  page.waitingFor = null;
  for (const button of ONCE_BUTTONS()) button.disabled = false;
}

// ----- words ------------------------------------------------------------------------------
function say(text) {
  const line = document.createElement("p");
  line.textContent = text;
  ui.log.append(line);
  while (ui.log.childElementCount > LOG_LINES) ui.log.firstElementChild.remove();
  ui.log.scrollTop = ui.log.scrollHeight;
}

function showError(text) {
  ui.error.textContent = text;
}

// ----- screens ----------------------------------------------------------------------------
function show(section) {
  for (const s of [ui.menu, ui.setup, ui.join, ui.room]) s.hidden = s !== section;
  // the form that led to the room is hidden with the focus: the game's drawing takes it
  if (section === ui.room && !ui.room.contains(document.activeElement)) page.moved = true;
}

function gameOf(key) {
  return page.games.find((g) => g.key === key && g.script) || null;
}

// the server writes the games' list into the frame (a data block, never run); a frame
// without it asks /games.json
async function loadGames() {
  const data = $("games-data");
  if (data) {
    page.games = JSON.parse(data.textContent);
  } else {
    const answer = await fetch("/games.json", { cache: "no-store" });
    page.games = await answer.json();
  }
  return page.games;
}

function showMenu(note = "") {
  show(ui.menu);
  ui.menuNote.textContent = note;
  document.title = "gameshelf";
  ui.games.replaceChildren();
  for (const game of page.games) {
    const item = document.createElement("li");
    if (!game.script) {
      const title = document.createElement("h2");
      title.textContent = game.title;
      const words = document.createElement("p");
      words.textContent = `${game.blurb} Not in the browser yet: play it online from the ` +
        "terminal app (gameshelf online).";
      item.className = "later";
      item.append(title, words);
      ui.games.append(item);
      continue;
    }
    const button = document.createElement("button");
    button.type = "button";
    button.className = "game";
    button.textContent = game.title;
    const blurb = document.createElement("p");
    blurb.id = `blurb-${game.key}`;
    blurb.textContent = game.blurb;
    button.setAttribute("aria-describedby", blurb.id);
    button.addEventListener("click", () => showSetup(game));
    item.dataset.key = game.key;
    item.append(button, blurb);
    ui.games.append(item);
  }
  if (!page.games.length) ui.games.textContent = "This server plays no game in the browser.";
  more.menu();
}

function enterRoom(code) {
  page.code = code;
  page.device.load(code);
  page.coverOnEntry = page.device.size > 1;
  const kept = loadSeat(code);
  if (kept) {
    page.seat = kept.seat;
    page.token = kept.token;
    show(ui.room);
    ui.roomTitle.textContent = `Room ${code}`;
    // (a connection not yet open rejoins when it opens)
    send({ type: "rejoin", code, token: kept.token }, true);
  } else {
    showJoin(code);
  }
}

function route() {
  const found = /^\/r\/([A-Za-z0-9]{1,12})\/?$/.exec(location.pathname);
  if (found) enterRoom(found[1].toUpperCase());
  else showMenu();
}

// ----- the room ---------------------------------------------------------------------------

// One drawing per room and seat (another of this device's seats is mounted anew); asked for
// again while its module loads, the same one.
function ensureView(room, seat) {
  const key = `${room.code}:${seat}`;
  if (page.viewFor !== key || !page.viewing) {
    page.viewFor = key;
    page.viewing = mountView(room, seat, key).catch((e) => {
      page.viewing = null;
      throw e;
    });
  }
  return page.viewing;
}

async function mountView(room, seat, key) {
  const game = gameOf(room.game);
  if (!game) throw new Error(`no page for the game ${room.game}`);
  for (const href of game.styles) {
    if (!document.querySelector(`link[href="${href}"]`)) {
      const link = document.createElement("link");
      link.rel = "stylesheet";
      link.href = href;
      document.head.append(link);
    }
  }
  const module = await import(game.script);
  if (page.viewFor !== key) return page.viewing;   // another seat's drawing took its place
  ui.game.replaceChildren();
  page.view = module.mount(ui.game, {
    seat,
    act: (text) => act(text),
    say,
    reducedMotion: () => matchMedia("(prefers-reduced-motion: reduce)").matches,
  });
  return page.view;
}

// a state's log lines, then what the room's news kept for after them (presence.js: "You
// were away…" reads last, below the moves played meanwhile)
function tell(lines) {
  for (const text of lines) say(text);
  roomNews.flush();
}

function act(text) {
  if (!page.last) return;
  // sent from a control of the game (which the game's module may have redrawn already: the
  // focus is then on the body)
  const from = document.activeElement;
  page.moved = page.moved || !from || from === document.body || ui.game.contains(from);
  send({ type: "action", code: page.code, token: page.token, action: text, seq: page.last.seq });
}

function drawPrompt(state) {
  const names = state.view.names || [];
  if (state.to_act === -2) ui.prompt.textContent = "The game is over.";
  else if (state.to_act === page.seat) ui.prompt.textContent = "Your turn.";
  else if (state.to_act >= 0) ui.prompt.textContent = `${names[state.to_act] || "Someone"}'s turn.`;
  else ui.prompt.textContent = "";
}

async function onState(msg) {
  showError("");
  // the lines above the newest taken; and a line of that same action told again with new
  // words (a Yatz hold right after a hold replaces it: docs/online.md, "state"), unless
  // another seat of this device now reads them (its words: "You" for "Ann")
  // Another seat of this device now holds it: the log is told again in that seat's own
  // words only (the last seat's lines may name what this one may not see yet).
  const lines = msg.log || [];
  const newest = lines.reduce((most, line) => Math.max(most, line.seq), page.logSeq);
  const switched = page.logSeat !== undefined && page.logSeat !== msg.seat;
  const told = newest === page.logSeq && !switched ? page.logLast : null;
  page.logSeat = msg.seat;
  if (switched) ui.log.replaceChildren();
  const news = lines.filter((line) => switched || line.seq > page.logSeq ||
    (told && line.seq === newest && !told.includes(line.text))).map((line) => line.text);
  if (lines.length) {
    page.logLast = lines.filter((line) => line.seq === newest).map((line) => line.text);
    page.logSeq = newest;
  }
  page.last = msg;
  roomNews.state(msg, page.seat, ours);
  more.state(msg);
  if (!page.room) {
    after(() => {
      tell(news);
      drawPrompt(msg);
    });
    return;
  }
  const names = msg.view.names || [];
  if (page.coverOnEntry) {
    page.coverOnEntry = false;
    covering.show(page.seat, names[page.seat]);
  }
  // another of this device's people is to act: sit at their seat (behind the cover when
  // hands are hidden); their own state follows the rejoin's answer
  const next = page.device.next(msg, msg.seat);
  if (next !== null && page.switching !== next) {
    page.switching = next;
    covering.show(next, names[next]);
    send({ type: "rejoin", code: page.code, token: page.device.token(next) });
  }
  const view = await ensureView(page.room, msg.seat);
  if (page.last !== msg) {   // a newer state came while the module loaded: its lines now
    after(() => { tell(news); });
    return;
  }
  const had = page.moved || ui.game.contains(document.activeElement);
  const playing = view.update(msg);
  ui.game.dataset.seq = String(msg.seq);   // the action the drawing shows (for tests)
  if (next === null) covering.ready(msg.seat);
  refocus(view, had);
  // what this state's drawing plays out comes first, then its news and the prompt
  if (playing && typeof playing.then === "function") {
    const before = page.held;
    page.held = Promise.all([before, playing]).then(() => undefined);
    ui.prompt.textContent = "";   // the last one is stale, the next one would tell the end
  }
  after(() => {
    tell(news);
    if (page.last === msg) drawPrompt(msg);
  });
  // a finished game come back to (a reload): its scores from the view, as the game's
  // module reads them, since the server's `over` was sent before
  if (msg.to_act === -2 && ui.over.hidden && view.results) {
    after(() => {
      if (ui.over.hidden) showOver({ scores: view.results(msg) });
    });
  }
}

// the game's end, once what the page plays out has ended
function onOver(msg) {
  after(() => showOver(msg));
}

function receive(msg) {
  answered(msg.ref);
  switch (msg.type) {
    case "joined": {
      // one of the others at this device sat: the next, or back to the host's seat
      if (page.device.joined(msg)) {
        if (!page.device.joinNext(send)) send({ type: "rejoin", code: page.code, token: page.token });
        break;
      }
      const code = msg.room.code;
      // this page's seat taken again (a reload, a reopened tab, a connection come back)
      if (msg.token === page.token) roomNews.back(msg.room, msg.seat);
      else roomNews.room(msg.room, msg.seat, ours);
      saveSeat(code, msg.seat, msg.token);
      page.code = code;
      page.seat = msg.seat;
      page.token = msg.token;
      page.switching = null;
      if (location.pathname !== `/r/${code}`) history.pushState({}, "", `/r/${code}`);
      show(ui.room);
      if (page.others) {
        page.device.made(code, msg.seat, msg.token, page.others);
        page.others = null;
        page.coverOnEntry = true;    // the first hand too is shown to its player only
        drawRoom(msg.room);
        if (page.device.joinNext(send)) break;
      }
      drawRoom(msg.room);
      if (page.autoStart && msg.room.status === "lobby") {
        page.autoStart = false;
        sendOnce({ type: "start", code, token: msg.token });
      }
      break;
    }
    case "room":
      if (msg.room.code !== page.code) break;
      // a start is answered by the room's start, told to every seat (no ref)
      if (page.waitingFor === "start" && msg.room.status !== "lobby") answered(page.waiting);
      roomNews.room(msg.room, page.seat, ours);
      drawRoom(msg.room);
      break;
    case "state":
      if (msg.code === page.code) onState(msg).catch((e) => showError(String(e)));
      break;
    case "over":
      if (msg.code === page.code) onOver(msg);
      break;
    case "error":
      onError(msg);
      break;
    default:
      more.receive(msg);     // the answers of asks.js's questions
      break;
  }
}

function onError(msg) {
  // one of the others at this device could not sit (a name taken twice, or refused): the
  // next one; the room then waits in its lobby with the refusal said, its seat open, where
  // it would have started at once with a computer player in that seat
  if (page.device.failed(msg.ref)) {
    page.autoStart = false;
    if (!page.device.joinNext(send)) send({ type: "rejoin", code: page.code, token: page.token });
  }
  // a message the connection's rate limit dropped is refused unread, without its ref: it
  // may be the one waited for, which will get no other answer
  if (msg.code === "rate_limited" && msg.ref == null) answered(page.waiting);
  if (["bad_token", "no_room"].includes(msg.code) && page.code && !page.room) {
    forgetSeat(page.code);
    page.token = null;
    if (msg.code === "bad_token") showJoin(page.code);
    else show(ui.join);
  }
  // a join refused for want of a free seat (the room playing, over or full): said on the
  // join's page with the ways on, not in the error line
  if (["already_started", "room_full"].includes(msg.code) && !ui.join.hidden && !page.token) {
    noSeat(msg);
    showError("");
    return;
  }
  more.refused(msg);
  if (msg.code === "stale" && page.view && page.last) page.view.update(page.last);
  // an action refused as not legal: the game's module may say so beside what sent it,
  // and then it is said there only
  const beside = msg.code === "illegal" && page.view && page.view.refused &&
    page.view.refused(msg) === true;
  showError(beside ? "" : msg.message);
}

// another tab of this browser took a seat in the room this one is asked to join
window.addEventListener("storage", (event) => {
  if (page.code && !page.token && event.key === SEAT_KEY(page.code) && loadSeat(page.code)) {
    enterRoom(page.code);
  }
});

function resetRoom() {
  // a start of the room left is answered to that room only (its messages are dropped now)
  if (page.waitingFor === "start") answered(page.waiting);
  page.code = null;
  page.seat = null;
  page.token = null;
  page.room = null;
  page.view = null;
  delete ui.game.dataset.seq;
  page.viewFor = null;
  page.viewing = null;
  page.last = null;
  page.logSeq = 0;
  page.logLast = [];
  page.others = null;
  page.switching = null;
  page.held = Promise.resolve();
  page.moved = false;
  page.parked = false;
  page.device.forget();
  roomNews.reset();
  covering.hide();
  more.reset();
  ui.over.hidden = true;
  ui.game.replaceChildren();
}

window.addEventListener("popstate", () => {
  resetRoom();
  route();
});

// ----- start ------------------------------------------------------------------------------
// the menu first (the games' list is in the frame), then the connection: what is sent
// before it opens waits in the queue, a seat kept rejoins when it opens
page.gamesReady = loadGames().then(route, (e) => showError(`The games could not be listed: ${e}`))
  .finally(connect)
  .then(() => import("./asks.js"))
  .then(({ asks }) => {
    more = asks({ ui, page, send, gameOf });
    more.menu();
    if (page.room) more.room(page.room);
    if (page.last) more.state(page.last);
    if (!ui.over.hidden) more.over();
  }, (e) => showError(`The rules, hints and tables could not be loaded: ${e}`));
