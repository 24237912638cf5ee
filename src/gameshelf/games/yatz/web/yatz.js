// Yatz's page module: the seat's view of docs/online.md ("Views", Yatz) drawn as dice and
// the triple card, played with the terminal's action texts (`roll`, `hold 1 3`,
// `score x2 full-house`). The frame calls `mount(root, api)` once and `update(state)` with
// every `state` message; the page is built once and then changed in place, so the focus
// stays where the player left it.
//
// A filled box cannot be taken back online (docs/online.md: `undo` is refused there), so a
// box is filled in two steps: a tap on a box chooses it (`aria-pressed`) and shows a
// confirm bar, `Fill x2 Full House` or `Choose again`; a second tap on the same box, or the
// bar's button, fills it. Enter and Space do the same from the keyboard, Escape goes back.
import { count, el } from "/assets/kit.js";

// The 13 boxes in the card's order: the action text and the card's label (as the rules
// module's Box.text and Box.label; a test keeps them the same).
export const BOXES = [
  ["ones", "Ones"], ["twos", "Twos"], ["threes", "Threes"], ["fours", "Fours"],
  ["fives", "Fives"], ["sixes", "Sixes"], ["three-kind", "3 of a Kind"],
  ["four-kind", "4 of a Kind"], ["full-house", "Full House"],
  ["small-straight", "Sm. Straight"], ["large-straight", "Lg. Straight"], ["yatz", "Yatz"],
  ["chance", "Chance"],
];
const UPPER = 6;
const COLUMNS = 3;
const DICE = 5;
// The pips of each face on a 3 x 3 grid (cells 0 to 8, row by row).
const PIPS = { 1: [4], 2: [0, 8], 3: [0, 4, 8], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8],
  6: [0, 2, 3, 5, 6, 8] };

function scoreAction(column, box) {
  return `score x${column + 1} ${BOXES[box][0]}`;
}

function boxName(column, box) {
  return `x${column + 1} ${BOXES[box][1]}`;
}

// One seat's triple card: a table of buttons (the seat that plays here) or of numbers.
function makeCard(caption, playable, onScore) {
  const cells = [];        // cells[column][box]: a button or a cell
  const totals = {};       // row name -> [cell per column]
  const head = el("tr", {}, el("th", { scope: "col", text: "Box" }),
    ...[0, 1, 2].map((c) => el("th", { scope: "col", text: `x${c + 1}` })));
  const body = el("tbody");
  for (let c = 0; c < COLUMNS; c++) cells.push([]);
  const totalRow = (name, label) => {
    totals[name] = [];
    const row = el("tr", { class: "total" }, el("th", { scope: "row", text: label }));
    for (let c = 0; c < COLUMNS; c++) {
      const cell = el("td");
      totals[name].push(cell);
      row.append(cell);
    }
    body.append(row);
  };
  BOXES.forEach(([, label], b) => {
    const row = el("tr", {}, el("th", { scope: "row", text: label }));
    for (let c = 0; c < COLUMNS; c++) {
      const cell = el("td");
      if (playable) {
        const button = el("button", { type: "button", class: "box" });
        button.addEventListener("click", () => onScore(c, b));
        cell.append(button);
        cells[c].push(button);
      } else {
        cells[c].push(cell);
      }
      row.append(cell);
    }
    body.append(row);
    if (b === UPPER - 1) {
      totalRow("upper", "Upper total");
      totalRow("bonus", "Bonus (63 or more)");
    }
  });
  totalRow("lower", "Lower total");
  totalRow("column", "Column x multiplier");
  const grand = el("td", { colspan: "3", class: "grand" });
  body.append(el("tr", { class: "total" }, el("th", { scope: "row", text: "Grand total" }), grand));
  const table = el("table", { class: "card" }, el("caption", { text: caption }),
    el("thead", {}, head), body);
  return { table, cells, totals, grand };
}

function fillTotals(card, view, seat) {
  const boxes = view.boxes[seat];
  for (let c = 0; c < COLUMNS; c++) {
    const col = boxes[c];
    const sum = (from, to) => col.slice(from, to).reduce((a, v) => a + (v ?? 0), 0);
    const upper = sum(0, UPPER);
    const lower = sum(UPPER, BOXES.length);
    const bonus = view.bonus ? view.bonus[seat][c] : 0;
    card.totals.upper[c].textContent = String(upper);
    card.totals.bonus[c].textContent = String(bonus);
    card.totals.lower[c].textContent = String(lower);
    card.totals.column[c].textContent = String((upper + bonus + lower) * (c + 1));
  }
  card.grand.textContent = String(view.totals[seat]);
}

function drawFace(face, value) {
  const on = new Set(PIPS[value] || []);
  face.childNodes.forEach((pip, i) => pip.classList.toggle("on", on.has(i)));
}

export function mount(root, api) {
  const me = api.seat;
  let view = null;
  let legal = new Set();
  let held = new Set();
  let busy = false;
  let lastRoll = null;     // the turn and roll of the dice last drawn (null: no dice)
  let first = true;
  let chosen = null;       // the box chosen and not yet filled: [column, box]

  // ----- dice and the roll button ----------------------------------------------------
  const dice = [];
  const diceRow = el("div", { class: "dice", role: "group", "aria-label": "Dice" });
  for (let i = 0; i < DICE; i++) {
    const face = el("span", { class: "face", "aria-hidden": "true" },
      ...Array.from({ length: 9 }, () => el("span", { class: "pip" })));
    const tag = el("span", { class: "tag", "aria-hidden": "true", text: "Held" });
    const die = el("button", { type: "button", class: "die", "aria-pressed": "false" }, face, tag);
    die.addEventListener("click", () => toggle(i + 1));
    diceRow.append(die);
    dice.push({ die, face });
  }
  const roll = el("button", { type: "button", class: "roll", text: "Roll" });
  roll.addEventListener("click", () => {
    if (busy || !legal.has("roll")) return;
    busy = true;
    unchoose(false);
    api.act("roll");
  });
  const rollsLeft = el("span", { class: "rolls-left" });
  const turn = el("p", { class: "turn" });
  const totals = el("ul", { class: "totals", "aria-label": "Totals" });
  const card = makeCard("Your card", true, (c, b) => score(c, b));
  const others = el("div", { class: "others" });
  const otherCards = [];
  const confirmWords = el("p", { id: "yatz-confirm-words" });
  const fill = el("button", { type: "button", class: "fill" });
  const again = el("button", { type: "button", text: "Choose again" });
  const confirm = el("div", { class: "confirm", role: "group", "aria-label": "Fill the box",
    "aria-describedby": confirmWords.id }, confirmWords, el("div", { class: "buttons" }, fill, again));
  confirm.hidden = true;
  fill.addEventListener("click", () => {
    if (chosen) score(...chosen);
  });
  again.addEventListener("click", () => unchoose(true));
  confirm.addEventListener("keydown", (event) => {
    if (event.key === "Escape") unchoose(true);
  });
  root.append(el("div", { class: "yatz" },
    el("div", { class: "play" },
      el("div", { class: "table" }, turn, diceRow,
        el("div", { class: "roll-row" }, roll, rollsLeft)),
      totals, others),
    el("div", { class: "card-wrap" }, card.table, confirm)));

  function canHold() {
    return !busy && view && view.dice.length > 0 && legal.has("hold");
  }

  function toggle(position) {
    if (!canHold()) return;
    const next = new Set(held);
    if (next.has(position)) next.delete(position);
    else next.add(position);
    held = next;
    drawDice();
    api.act(["hold", ...[...next].sort()].join(" "));
  }

  // a box tapped: chosen first, filled when it is tapped (or confirmed) again
  function score(c, b) {
    const action = scoreAction(c, b);
    if (busy || !legal.has(action)) return;
    if (!chosen || chosen[0] !== c || chosen[1] !== b) {
      chosen = [c, b];
      drawCard();
      fill.focus({ preventScroll: true });   // the bar is in sight: the box stays in sight too
      return;
    }
    chosen = null;
    busy = true;
    drawCard();
    api.act(action);
  }

  function unchoose(refocus) {
    if (!chosen) return;
    const [c, b] = chosen;
    chosen = null;
    drawCard();
    if (refocus) card.cells[c][b].focus();
  }

  // ----- drawing -----------------------------------------------------------------------
  function drawDice() {
    const hold = canHold();
    dice.forEach(({ die, face }, i) => {
      const value = view.dice[i];
      const isHeld = held.has(i + 1);
      die.setAttribute("aria-pressed", isHeld ? "true" : "false");
      die.setAttribute("aria-label", value ? `Die ${i + 1}: ${value}` : `Die ${i + 1}: not rolled`);
      die.classList.toggle("blank", !value);
      die.disabled = !hold;
      drawFace(face, value);
    });
    const mine = view.seat === me && legal.size > 0;
    roll.disabled = busy || !legal.has("roll");
    rollsLeft.textContent = !mine ? "" : view.dice.length === 0 ? "Roll to start your turn." :
      view.rolls_left > 0 ? `${count(view.rolls_left, "roll")} left: click dice to hold them.` :
        "No rolls left: fill a box.";
  }

  function drawCard() {
    const boxes = view.boxes[me];
    if (chosen && (busy || !legal.has(scoreAction(...chosen)))) chosen = null;
    for (let c = 0; c < COLUMNS; c++) {
      for (let b = 0; b < BOXES.length; b++) {
        const button = card.cells[c][b];
        const filled = boxes[c][b];
        const can = !busy && legal.has(scoreAction(c, b));
        button.classList.toggle("filled", filled !== null);
        button.classList.toggle("open", filled === null && can);
        if (filled !== null) {
          button.textContent = String(filled);
          button.setAttribute("aria-label", `${boxName(c, b)}: filled, ${filled} points`);
        } else if (can) {
          const points = view.points && view.points.length ? view.points[b] : 0;
          button.textContent = `+${points}`;
          button.setAttribute("aria-label", `${boxName(c, b)}: scores ${points} now`);
        } else {
          button.textContent = "";
          button.setAttribute("aria-label", `${boxName(c, b)}: empty`);
        }
        button.disabled = !can;
        const isChosen = chosen !== null && chosen[0] === c && chosen[1] === b;
        if (isChosen) button.setAttribute("aria-pressed", "true");
        else button.removeAttribute("aria-pressed");
        button.classList.toggle("chosen", isChosen);
      }
    }
    if (chosen) {
      const [c, b] = chosen;
      const points = view.points && view.points.length ? view.points[b] : 0;
      confirmWords.textContent = `${boxName(c, b)} scores ${count(points, "point")} ` +
        `(x${c + 1} in the column's total). A filled box cannot be taken back.`;
      fill.textContent = `Fill ${boxName(c, b)}`;
    }
    confirm.hidden = chosen === null;
    fillTotals(card, view, me);
  }

  function drawOthers() {
    const names = view.names;
    while (otherCards.length < names.length - 1) {
      const seat = otherCards.length >= me ? otherCards.length + 1 : otherCards.length;
      const made = makeCard(`${names[seat]}'s card`, false, null);
      const summary = el("summary");
      others.append(el("details", { class: "other" }, summary, made.table));
      otherCards.push({ seat, card: made, summary });
    }
    for (const { seat, card: other, summary } of otherCards) {
      summary.textContent = `${names[seat]}'s card: ${view.totals[seat]} points`;
      const boxes = view.boxes[seat];
      for (let c = 0; c < COLUMNS; c++) {
        for (let b = 0; b < BOXES.length; b++) {
          const value = boxes[c][b];
          other.cells[c][b].textContent = value === null ? "" : String(value);
        }
      }
      fillTotals(other, view, seat);
    }
    totals.replaceChildren(...names.map((name, seat) =>
      el("li", { text: `${name}${seat === me ? " (you)" : ""}: ${view.totals[seat]}` })));
  }

  function animate() {
    if (api.reducedMotion()) return;
    dice.forEach(({ die }, i) => {
      if (held.has(i + 1)) return;
      die.classList.remove("rolling");
      void die.offsetWidth;   // start the animation again
      die.classList.add("rolling");
    });
  }

  function update(state) {
    view = state.view;
    legal = new Set(state.legal);
    held = new Set(view.held);
    busy = false;
    const names = view.names;
    const rollKey = view.dice.length ? `${view.turns_done}/${view.rolls_left}` : null;
    const rolled = !first && rollKey !== null && rollKey !== lastRoll;
    turn.textContent = state.to_act === -2 ? "The game is over." :
      `Turn ${Math.floor(view.turns_done / names.length) + 1} of 39: ${view.seat === me ? "you" : names[view.seat]}` +
      (view.dice.length ? `, roll ${3 - view.rolls_left} of 3` : "");
    drawDice();
    drawCard();
    drawOthers();
    // the class stays after the tumble (it plays once) until the next roll or turn
    if (!view.dice.length) dice.forEach(({ die }) => die.classList.remove("rolling"));
    // (the roll is said in the moves' log, with its dice, as every move by anyone is)
    if (rolled && view.seat === me) animate();
    lastRoll = rollKey;
    first = false;
  }

  // each seat's points at the end (the frame shows them when the game is come back to)
  function results(state) {
    const points = state.view.totals;
    return state.view.names.map((name, seat) => ({ seat, name, score: points[seat],
      place: 1 + points.filter((p) => p > points[seat]).length }));
  }

  // where the focus goes when a move left it nowhere: the next thing to do
  function focusTarget() {
    if (!roll.disabled) return roll;
    if (chosen) return fill;
    return card.cells.flat().find((button) => !button.disabled) || null;
  }

  return { update, results, focusTarget };
}
