// What the terminal app offers besides playing, in the page, over protocol version 1's
// `hint`, `review`, `replay` and `scores` (docs/online.md); it knows no game (the games'
// list says which have rules, `rules`, and a coach, `coach`):
// - each game's rules, from its folder (/games/KEY/rules.json: a tree of elements, built
//   here with el(), never markup), from the menu ("Rules" in the group named "Yatz") and
//   in a room ("Rules"); the dialog is named "Rules of Yatz";
// - "Hint" while this seat is to act, the coach's advice from this seat's view only;
// - after the game, "Review my game" (the coach's review) and "Replay the game": the same
//   board drawn by the game's page module in a disabled fieldset (read-only), step by step
//   with "Previous" and "Next" (the board played on is put back when the replay closes);
// - "Top 20 and statistics" of each game from the menu (in its group): the server store's
//   tables.
// Everything answered is shown in one dialog (Escape or "Close" closes it) or the replay.
//
// One question at a time: the server works out one question per connection and refuses
// another sent meanwhile (`busy`), so none is sent while one is unanswered. Until its answer
// (or its refusal) comes, every control that asks is marked so (`aria-disabled`, and the
// replay's Previous and Next disabled) and says "working…"; a double click on Next sends
// one question. A question whose answer cannot come frees them too: the connection lost,
// or a message dropped unread by the rate limit (refused without its ref: it may have been
// the question).
import { count, el } from "/assets/kit.js";

export function asks({ ui, page, send, gameOf }) {
  const asked = new Map();       // ref of a question sent -> what it was ("hint", ...)
  let pending = null;            // the ref of the question not yet answered
  const askers = new Set();      // the controls that ask (marked while one is pending)
  const rules = new Map();       // game key -> its tree, once fetched

  // ----- the dialog -------------------------------------------------------------------------
  const title = el("h2", { id: "info-title" });
  const body = el("div", { class: "info-body", "aria-live": "polite" });
  const close = el("button", { type: "button", text: "Close" });
  const dialog = el("dialog", { id: "info", class: "info", "aria-labelledby": "info-title" },
    title, body, el("div", { class: "buttons" }, close));
  close.addEventListener("click", () => dialog.close());
  document.body.append(dialog);

  function open(heading, ...content) {
    title.textContent = heading;
    body.replaceChildren(...content);
    body.setAttribute("aria-busy", "false");
    if (!dialog.open) dialog.showModal();
  }

  function thinking(heading, words) {
    open(heading, el("p", { class: "muted", text: words }));
    body.setAttribute("aria-busy", "true");
  }

  // lines of text laid out in columns (a hint's options, the statistics' tables): kept as
  // they are, in a box of their own that scrolls sideways when a phone is too narrow
  function lines(list, label) {
    return el("pre", { class: "lines", tabindex: "0", role: "region", "aria-label": label },
      list.join("\n"));
  }

  // a coach's columns (indented lines, their cells two spaces or more apart, a cell never
  // holding two spaces running) as a table: a first line without a digit is its header; the
  // last cell of a line names the option (a play, a hold, a box, a card): it is shown first,
  // as the row's header, so a phone's narrow table starts with what the row is about, and
  // wraps it rather than cutting it off
  function columnsTable(block, label) {
    const split = (line) => line.trim().split(/\s{2,}/);
    const rows = block.map(split);
    const head = /\d/.test(block[0]) ? null : rows.shift();
    const order = (cells) => [cells[cells.length - 1], ...cells.slice(0, -1)];
    return el("div", { class: "advice-wrap", role: "region", "aria-label": label },
      el("table", { class: "advice-table" },
        head ? el("thead", {}, el("tr", {}, ...order(head).map((h, i) =>
          el("th", { scope: "col", class: i ? "number" : "option", text: h })))) : "",
        el("tbody", {}, ...rows.map((cells) => el("tr", {}, ...order(cells).map((c, i) =>
          i ? el("td", { class: "number", text: c }) :
            el("th", { scope: "row", class: "option", text: c })))))));
  }

  // a coach's lines: its sentences as paragraphs, its indented sentences (a review's
  // decisions) as a list, its columns (indented, with runs of spaces) as a table
  function advice(list, label) {
    const out = [];
    let columns = [];
    let items = [];
    const flush = () => {
      if (columns.length) out.push(columnsTable(columns, `${label}, in columns`));
      if (items.length) out.push(el("ul", {}, ...items.map((t) => el("li", { text: t }))));
      columns = [];
      items = [];
    };
    for (const line of list) {
      const indented = /^\s/.test(line);
      if (indented && /\S\s{2,}\S/.test(line)) {
        if (items.length) flush();
        columns.push(line);
      } else if (indented) {
        if (columns.length) flush();
        items.push(line.trim());
      } else {
        flush();
        if (line.trim()) out.push(el("p", { text: line }));
      }
    }
    flush();
    return el("div", { class: "advice", role: "region", "aria-label": label }, ...out);
  }

  // `msg` sent as a question `what`, unless one is still unanswered: the ref, else null
  function ask(what, msg) {
    if (pending) return null;
    const ref = send(msg);
    asked.set(ref, what);
    pending = ref;
    mark(true);
    return ref;
  }

  // an asking control: `run` on a click, unless a question is unanswered
  function asker(button, run) {
    askers.add(button);
    button.addEventListener("click", () => {
      if (!pending) run();
    });
    return button;
  }

  function mark(busy) {
    for (const button of askers) {
      if (busy) button.setAttribute("aria-disabled", "true");
      else button.removeAttribute("aria-disabled");
    }
    if (busy && replay.view) where.textContent = `${replay.at} (working…)`;
  }

  // the question `ref` answered or refused: the controls free again
  function done(ref) {
    if (ref == null || ref !== pending) return;
    pending = null;
    mark(false);
  }

  // ----- rules ------------------------------------------------------------------------------
  function build(node) {
    if (typeof node === "string") return document.createTextNode(node);
    const [tag, ...children] = node;
    return el(tag, {}, ...children.map(build));
  }

  async function showRules(game) {
    const heading = `Rules of ${game.title}`;
    if (!rules.has(game.key)) {
      thinking(heading, "Loading…");
      try {
        const answer = await fetch(game.rules, { cache: "no-store" });
        rules.set(game.key, await answer.json());
      } catch (e) {
        open(heading, el("p", { text: `The rules could not be loaded: ${e}` }));
        return;
      }
    }
    open(heading, el("div", { class: "rules" }, ...rules.get(game.key).map(build)));
  }

  function showScores(game) {
    thinking(`Top 20 and statistics of ${game.title}`, "Reading the server's tables…");
    ask("scores", { type: "scores", game: game.key });
  }

  function drawScores(msg) {
    const game = gameOf(msg.game) || { title: msg.game };
    // a row in the game's own words (the server's `noun`: Dollar's table holds bills)
    const noun = typeof msg.noun === "string" && msg.noun ? msg.noun : "game";
    const best = msg.top.length === 1 ? `The best ${noun}` : `The best ${count(msg.top.length, noun)}`;
    const table = msg.top.length ? el("table", { class: "top" },
      el("caption", { text: `${best} on this server` }),
      el("thead", {}, el("tr", {}, ...["Place", "Name", "Points", "Date"].map(
        (h) => el("th", { scope: "col", text: h })))),
      el("tbody", {}, ...msg.top.map((row) => el("tr", {},
        el("td", { text: String(row.place) }), el("td", { text: row.name }),
        el("td", { class: "number", text: Number(row.score).toLocaleString("en-US") }),
        el("td", { text: row.date }))))) :
      el("p", { text: msg.kept ? "No game is in the table yet." :
        `${game.title} keeps no top-20 table: every game's result is in its statistics.` });
    open(`Top 20 and statistics of ${game.title}`, el("h3", { text: "Top 20" }), table,
      el("h3", { text: "Statistics" }), lines(msg.stats, "Statistics"));
  }

  // the menu's two buttons under each game (the frame's items keyed by the game), in a
  // group named by the game (their own names never hold the game's, which names its
  // button alone): its rules, its tables
  function menu() {
    for (const item of ui.games.querySelectorAll("li[data-key]")) {
      const game = gameOf(item.dataset.key);
      if (game && !item.querySelector(".asks")) item.append(menuButtons(game));
    }
  }

  function menuButtons(game) {
    const box = el("div", { class: "buttons asks", role: "group", "aria-label": game.title });
    if (game.rules) {
      const button = el("button", { type: "button", text: "Rules" });
      button.addEventListener("click", () => showRules(game));
      box.append(button);
    }
    const top = asker(el("button", { type: "button", text: "Top 20 and statistics" }),
      () => showScores(game));
    box.append(top);
    return box;
  }

  // ----- the room: rules and the hint -------------------------------------------------------
  const roomRules = el("button", { type: "button", text: "Rules" });
  const hint = el("button", { type: "button", text: "Hint", hidden: "" });
  const tools = el("div", { class: "buttons asks" }, roomRules, hint);
  ui.prompt.after(tools);
  roomRules.addEventListener("click", () => {
    const game = page.room && gameOf(page.room.game);
    if (game && game.rules) showRules(game);
  });
  asker(hint, () => {
    if (!page.code || !page.token) return;
    thinking("Hint", "Thinking… (the coach weighs every choice; the first hint of a game " +
      "may take a while)");
    ask("hint", { type: "hint", code: page.code, token: page.token });
  });

  function room(info) {
    const game = gameOf(info.game);
    roomRules.hidden = !(game && game.rules);
  }

  function state(msg) {
    const game = page.room && gameOf(page.room.game);
    hint.hidden = !(game && game.coach && msg.to_act === page.seat && msg.legal.length > 0);
  }

  // ----- after the game: the review and the replay ------------------------------------------
  const review = el("button", { type: "button", text: "Review my game" });
  const replayButton = el("button", { type: "button", text: "Replay the game" });
  const after = el("div", { class: "buttons asks" }, review, replayButton);
  ui.results.after(after);
  asker(review, () => {
    thinking("Review of your game", "Judging every decision of the game… (this may take " +
      "a minute)");
    ask("review", { type: "review", code: page.code, token: page.token });
  });

  // the steps shown, in order (each the action count the server stopped at): "Previous"
  // asks for the one before and the list changes only once a step is answered, so a step
  // refused leaves it whole (a step asked for may be answered further on, over the moves
  // this seat did not see; the steps are numbered as this seat sees them, the server's
  // `move` of `moves`)
  const replay = { view: null, saved: null, step: 0, steps: 0, last: false, shown: [],
    at: "Loading the replay" };   // the step shown, in words
  const where = el("p", { class: "replay-step", role: "status" });
  const said = el("p", { class: "replay-said", "aria-live": "polite" });
  const before = el("ul", { class: "replay-before", "aria-label": "The moves before it" });
  const previous = el("button", { type: "button", text: "Previous" });
  const next = el("button", { type: "button", text: "Next" });
  const leave = el("button", { type: "button", text: "Close the replay" });
  const bar = el("section", { class: "replay", "aria-label": "Replay", hidden: "" },
    where, said, before, el("div", { class: "buttons" }, previous, next, leave));
  // the game's moves as played are hidden while the replay tells its own
  const moves = ui.log.closest("section");
  ui.game.before(bar);

  function over() {
    const game = page.room && gameOf(page.room.game);
    review.hidden = !(game && game.coach);
    hint.hidden = true;
  }

  function askStep(step) {
    if (pending) return;
    previous.disabled = next.disabled = true;
    ask("replay", { type: "replay", code: page.code, token: page.token, step });
  }

  // Previous and Next as the step shown allows
  function stepButtons() {
    previous.disabled = replay.shown.indexOf(replay.step) <= 0;
    next.disabled = replay.last;
  }

  asker(replayButton, async () => {
    const game = page.room && gameOf(page.room.game);
    if (!game || replay.view) return;
    const module = await import(game.script);
    // the board played on is kept aside, whole, and put back when the replay closes
    replay.saved = [...ui.game.childNodes];
    // drawn inside a disabled fieldset: every control of the board shown, none usable
    const board = el("fieldset", { class: "replay-board", disabled: "" },
      el("legend", { class: "replay-legend", text: "The board at this step (read-only)" }));
    ui.game.replaceChildren(board);
    replay.view = module.mount(board, { seat: page.seat, act: () => {}, say: () => {},
      reducedMotion: () => true, readOnly: true });
    bar.hidden = false;
    ui.over.hidden = true;
    if (moves) moves.hidden = true;
    replay.at = "Loading the replay";
    where.textContent = "Loading the replay…";
    replay.shown = [];
    replay.step = 0;
    replay.last = false;
    askStep(0);
    next.focus();
  });
  previous.addEventListener("click", () => {
    const at = replay.shown.indexOf(replay.step);
    askStep(at > 0 ? replay.shown[at - 1] : 0);
  });
  next.addEventListener("click", () => askStep(replay.step + 1));
  leave.addEventListener("click", () => endReplay(true));

  function endReplay(focus) {
    if (!replay.view) return;
    replay.view = null;
    ui.game.replaceChildren(...(replay.saved || []));
    replay.saved = null;
    bar.hidden = true;
    if (moves) moves.hidden = false;
    if (page.room && page.room.status === "over") ui.over.hidden = false;
    if (focus) replayButton.focus();
  }

  function drawStep(msg) {
    if (!replay.view) return;
    // the steps before this one are kept, those after it dropped (gone back to it)
    replay.shown = replay.shown.filter((step) => step < msg.step);
    const since = replay.shown.length ? replay.shown[replay.shown.length - 1] : -1;
    replay.shown.push(msg.step);
    replay.step = msg.step;
    replay.steps = msg.steps;
    // (a server without `moves` numbers every action)
    const move = msg.moves ? msg.move : msg.step;
    const moves = msg.moves ? msg.moves : msg.steps;
    replay.last = move >= moves;
    replay.view.update({ type: "state", code: msg.code, seq: msg.step, seat: msg.seat,
      to_act: msg.to_act, legal: [], view: msg.view, events: [], prompt: "", log: msg.log });
    replay.at = `Step ${move} of ${moves}`;
    where.textContent = replay.at;
    const words = msg.log.filter((line) => line.seq > since && line.seq <= msg.step)
      .map((line) => line.text);
    said.textContent = move === 0 ? "Before the first move." :
      words.join(" ") || "Moves this seat did not see (a deal, a draw).";
    before.replaceChildren(...msg.log.filter((line) => line.seq <= since).slice(-4)
      .map((line) => el("li", { text: line.text })));
    previous.disabled = move <= 0;
    next.disabled = replay.last;
  }

  // ----- answers ----------------------------------------------------------------------------
  function receive(msg) {
    const what = asked.get(msg.ref);
    if (!what) return;
    asked.delete(msg.ref);
    done(msg.ref);
    if (msg.type === "hint") {
      const moved = page.last && page.last.seq !== msg.seq ?
        [el("p", { text: "The game has moved on since this hint was asked." })] : [];
      open("Hint", ...moved, advice(msg.lines, "The coach's estimates"));
    }
    else if (msg.type === "review") open("Review of your game", advice(msg.lines, "Review"));
    else if (msg.type === "replay") drawStep(msg);
    else if (msg.type === "scores") drawScores(msg);
  }

  // a question refused (a hint asked as the turn passed, a replay before the end): said in
  // the dialog it opened
  function refused(msg) {
    // dropped unread by the rate limit (no ref): it may have been the question pending,
    // which then gets no answer; one coming after all is still shown
    if (msg.code === "rate_limited" && msg.ref == null && pending) {
      if (asked.get(pending) === "replay") {
        where.textContent = `${replay.at}: ${msg.message}`;
        stepButtons();
      } else if (dialog.open) {
        body.replaceChildren(el("p", { text: msg.message }));
        body.setAttribute("aria-busy", "false");
      }
      done(pending);
      return;
    }
    const what = asked.get(msg.ref);
    if (!what) return;
    asked.delete(msg.ref);
    done(msg.ref);
    if (what === "replay") {
      where.textContent = msg.message;
      stepButtons();
    } else if (dialog.open) {
      body.replaceChildren(el("p", { text: msg.message }));
      body.setAttribute("aria-busy", "false");
    }
  }

  // the connection lost: no question asked on it is answered
  function lost() {
    if (pending && asked.get(pending) === "replay") {
      where.textContent = `${replay.at}: the connection was lost, ask again`;
      stepButtons();
    } else if (pending && dialog.open) {
      body.replaceChildren(el("p", { text: "The connection was lost before the answer came: " +
        "ask again." }));
      body.setAttribute("aria-busy", "false");
    }
    asked.clear();
    done(pending);
  }

  function reset() {
    endReplay(false);
    asked.clear();
    done(pending);
    hint.hidden = true;
    if (dialog.open) dialog.close();
  }

  return { menu, room, state, over, receive, refused, reset, lost };
}
