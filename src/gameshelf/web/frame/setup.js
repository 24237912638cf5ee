// The forms that lead to a room (frame.js): "New game of Yatz" (the player's name, the
// computers and their level, the open seats, the others at this device, the game's
// options) sends a `create`; the room's link asks for a name and sends a `join` (refused for
// want of a free seat, the page says so and offers a new game of the room's game or the
// games: noSeat()). The name
// is kept in this browser for the next form. An option's field is read as the browser reads
// it (1e3 is 1000) and refused, in the server's words (core/options.py), unless it is a
// whole number within its bounds; an empty field leaves the option at its default.
import { namesOf } from "./device.js";
import { store } from "./store.js";

const NAME_KEY = "gameshelf.name";

export function setup({ ui, page, show, showError, showMenu, sendOnce, resetRoom, loadSeat,
  enterRoom }) {
  function showSetup(game) {
    page.chosen = game;
    show(ui.setup);
    ui.setupTitle.textContent = `New game of ${game.title}`;
    ui.setupName.value = store.getItem(NAME_KEY) || "";
    // the game's default level chosen, the one the terminal's `cpu` plays
    ui.setupLevel.replaceChildren(...game.levels.map((level) =>
      new Option(level === game.level ? `${level} (default)` : level, level, false,
        level === game.level)));
    const most = game.players[1] - 1;
    ui.setupComputers.max = String(most);
    ui.setupOpen.max = String(most);
    ui.setupComputers.value = String(Math.min(1, most));
    ui.setupOpen.value = "0";
    ui.setupLocal.value = "";
    ui.setupOptions.replaceChildren(...game.options.map((option) => {
      const label = document.createElement("label");
      const input = document.createElement("input");
      Object.assign(input, { type: "number", name: option.name, inputMode: "numeric",
        value: String(option.default), min: String(option.min), max: String(option.max) });
      input.dataset.option = option.name;
      label.append(option.label, input);
      return label;
    }));
    ui.setupName.focus();
  }

  function showJoin(code) {
    show(ui.join);
    ui.joinForm.hidden = false;
    ui.joinRefused.hidden = true;
    ui.joinCode.textContent = code;
    ui.joinName.value = store.getItem(NAME_KEY) || "";
    ui.joinName.focus();
  }

  function count(input) {
    const n = input.valueAsNumber; // 1e1 is 10, as the field shows it; NaN when empty
    return Number.isSafeInteger(n) && n > 0 ? n : 0;
  }

  // The game's options as the fields give them: a number as the browser reads the field
  // (1e3 is 1000), an empty field left out (the default applies). Throws, in the server's
  // words (core/options.py), for a value that is not a whole number within the bounds.
  function readOptions(game) {
    const options = {};
    for (const option of game.options) {
      const input = ui.setupOptions.querySelector(`input[data-option="${option.name}"]`);
      if (!input || (input.value === "" && !input.validity.badInput)) continue;
      const n = input.valueAsNumber;
      const what = `the option ${option.name}`;
      if (!Number.isSafeInteger(n)) {
        const got = input.value === "" ? "" : `, got ${n}`;
        throw new Error(`${what} must be a whole number of ${option.unit}${got}`);
      }
      if (n < option.min || n > option.max) {
        const bounds = `${option.min.toLocaleString("en-US")} to ${option.max.toLocaleString("en-US")}`;
        throw new Error(`${what} must be ${bounds} ${option.unit}, got ${n}`);
      }
      options[option.name] = n;
    }
    return options;
  }

  ui.setupForm.addEventListener("submit", (event) => {
    event.preventDefault();
    if (page.waiting) return;
    const game = page.chosen;
    let options;
    try {
      options = readOptions(game);
    } catch (e) {
      showError(e.message);
      return;
    }
    const name = ui.setupName.value;  // as typed: the server checks, then tidies
    store.setItem(NAME_KEY, name);
    const level = ui.setupLevel.value;
    const seats = [{ kind: "host", name }];
    const others = namesOf(ui.setupLocal.value);
    for (let i = 0; i < others.length; i++) seats.push({ kind: "open" });
    for (let i = 0; i < count(ui.setupComputers); i++) seats.push({ kind: "computer", level });
    for (let i = 0; i < count(ui.setupOpen); i++) seats.push({ kind: "open" });
    page.autoStart = seats.filter((s) => s.kind === "open").length === others.length;
    resetRoom();
    page.others = others.length ? others : null;
    // nobody at this device is ever "away" while another of them plays
    sendOnce({ type: "create", game: game.key, seats, options,
      away_timeout: others.length ? 0 : 60 });
  });

  // the browser's own check of an option field (min, max, whole steps) stops the submit
  // before it is heard: say the server's words in the page's error line instead of the
  // browser's bubble
  ui.setupOptions.addEventListener("invalid", (event) => {
    event.preventDefault();
    try {
      readOptions(page.chosen);
    } catch (e) {
      showError(e.message);
    }
  }, true);

  ui.setupBack.addEventListener("click", () => showMenu());

  // what was refused of a form (an option out of bounds, a name taken) is stale once the
  // form is typed in again: the error line is emptied
  for (const form of [ui.setupForm, ui.joinForm]) {
    form.addEventListener("input", () => showError(""));
  }

  // No seat of the room is free (its game is being played or is over, or every seat is
  // taken): the server's words, then the ways on: a new game of the room's game (when this
  // server plays it in the page) and back to the games. Only its players see a game.
  let refusedGame = null;
  function noSeat(msg) {
    const game = page.games.find((g) => g.key === msg.game && g.script) || null;
    refusedGame = game;
    const said = String(msg.message || "no seat of this room is free");
    const words = `${said.charAt(0).toUpperCase()}${said.slice(1)}.`;
    ui.joinRefusedWords.textContent = `${words} Only its players see its game. ` + (game ? `Start a new game of ${game.title}, or go back to the games.` :
        "Go back to the games to start one.");
    ui.joinNew.hidden = !game;
    ui.joinNew.textContent = game ? `New game of ${game.title}` : "New game";
    ui.joinForm.hidden = true;
    ui.joinRefused.hidden = false;
    (game ? ui.joinNew : ui.joinBack).focus();
  }

  function leaveJoin(then) {
    resetRoom();
    history.pushState({}, "", "/");
    then();
  }

  ui.joinNew.addEventListener("click", () => {
    const game = refusedGame;
    if (game) leaveJoin(() => showSetup(game));
  });
  ui.joinBack.addEventListener("click", () => leaveJoin(() => showMenu()));

  ui.joinForm.addEventListener("submit", (event) => {
    event.preventDefault();
    // this browser sat in the room from another tab meanwhile: that seat, not a second one
    if (loadSeat(page.code)) {
      enterRoom(page.code);
      return;
    }
    const name = ui.joinName.value;  // as typed: the server checks, then tidies
    store.setItem(NAME_KEY, name);
    sendOnce({ type: "join", code: page.code, name });
  });

  return { showSetup, showJoin, noSeat };
}
