// Muggins' page module: the seat's view of docs/online.md ("Views", Muggins) drawn as
// dominoes, played with the terminal's action texts (`5-3 L`, `5-3 R`, `draw`, `pass`).
// The frame calls `mount(root, api)` once and `update(state)` with every `state` message.
// The view never holds the other rack's tiles, only their count.
import { count, el } from "/assets/kit.js";

// The pips of each number on a 3 x 3 grid (cells 0 to 8, row by row), 0 to 9.
const PIPS = { 0: [], 1: [4], 2: [0, 8], 3: [0, 4, 8], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8],
  6: [0, 2, 3, 5, 6, 8], 7: [0, 2, 3, 4, 5, 6, 8], 8: [0, 1, 2, 3, 5, 6, 7, 8],
  9: [0, 1, 2, 3, 4, 5, 6, 7, 8] };

function half(number) {
  const on = new Set(PIPS[number] || []);
  return el("span", { class: "half" },
    ...Array.from({ length: 9 }, (_, i) => el("span", { class: on.has(i) ? "pip on" : "pip" })));
}

// A domino's drawing (hidden from screen readers: its name says it): `a` then `b`.
function domino(a, b, upright = false) {
  return el("span", { class: `domino${upright ? " upright" : ""}${a === b ? " double" : ""}`,
    "aria-hidden": "true" }, half(a), half(b));
}

function numbers(text) {
  return text.split("-").map((n) => Number.parseInt(n, 10));
}

export function mount(root, api) {
  const me = api.seat;
  let view = null;
  let legal = [];
  let busy = false;
  let choosing = null;      // the tile whose end is being chosen
  let keepFocus = false;    // the focus goes back to the rack once a tile can be played

  const status = el("p", { class: "status" });
  const ends = el("p", { class: "ends" });
  const board = el("ol", { class: "board", "aria-label": "Board, left chain to right chain" });
  const rackTitle = el("h3", { class: "rack-title", text: "Your tiles" });
  const rack = el("div", { class: "rack", role: "group", "aria-label": "Your tiles" });
  const choose = el("div", { class: "choose", role: "group", "aria-label": "Which end" });
  const chooseWords = el("p");
  const left = el("button", { type: "button" });
  const right = el("button", { type: "button" });
  const cancel = el("button", { type: "button", text: "Cancel" });
  choose.append(chooseWords, el("div", { class: "buttons" }, left, right, cancel));
  choose.hidden = true;
  const draw = el("button", { type: "button", class: "draw", text: "Draw" });
  const pass = el("button", { type: "button", class: "pass", text: "Pass" });
  root.append(el("div", { class: "muggins" }, status,
    el("div", { class: "felt" }, board, ends), rackTitle, rack, choose,
    el("div", { class: "buttons moves" }, draw, pass)));

  function act(text) {
    if (busy || !legal.includes(text)) return;
    busy = true;
    choosing = null;
    choose.hidden = true;
    drawRack();
    api.act(text);
  }

  draw.addEventListener("click", () => act("draw"));
  pass.addEventListener("click", () => act("pass"));
  left.addEventListener("click", () => act(`${choosing} L`));
  right.addEventListener("click", () => act(`${choosing} R`));
  cancel.addEventListener("click", () => {
    choosing = null;
    choose.hidden = true;
    drawRack();
  });

  function playsOf(tile) {
    return legal.filter((a) => a.startsWith(`${tile} `));
  }

  function tap(tile) {
    const plays = playsOf(tile);
    if (busy || !plays.length) return;
    if (plays.length === 1) {
      act(plays[0]);
      return;
    }
    // ends alike (the same number counted the same way: the view's `ends_alike`, R-MG-2):
    // either end leaves the same game, so none is asked for; the shorter chain takes it, the
    // left one when both are as long, as on the terminal screen
    if (view.ends_alike) {
      act(`${tile} ${view.right.length < view.left.length ? "R" : "L"}`);
      return;
    }
    choosing = tile;
    chooseWords.textContent = `${tile} fits both chains: on which end?`;
    left.textContent = `Left end (${view.left_end})`;
    right.textContent = `Right end (${view.right_end})`;
    choose.hidden = false;
    left.focus();
  }

  // The line of play as one line of text: the left end's label, the left chain from its
  // open end in to the 0-0, the right chain out to its open end, the right end's label. A
  // line too long for the felt wraps as words do, row after row from the left, so it reads
  // as one line at any width, each open end named where it is (the terminal's LEFT and
  // RIGHT).
  function endLabel(side, number, double) {
    const words = side === "left" ? `◀ LEFT end ${number}` : `RIGHT end ${number} ▶`;
    return el("li", { class: `end ${side}`, text: double ? `${words} (a double)` : words });
  }

  function drawBoard() {
    const items = [endLabel("left", view.left_end, view.left_double)];
    for (const text of [...view.left].reverse()) {
      const [inner, outer] = numbers(text);
      items.push(el("li", { "aria-label": `${inner}-${outer}` }, domino(outer, inner, inner === outer)));
    }
    items.push(el("li", { "aria-label": "0-0, the spinner", class: "spinner" }, domino(0, 0, true)));
    for (const text of view.right) {
      const [inner, outer] = numbers(text);
      items.push(el("li", { "aria-label": `${inner}-${outer}` }, domino(inner, outer, inner === outer)));
    }
    items.push(endLabel("right", view.right_end, view.right_double));
    board.replaceChildren(...items);
    ends.textContent = `Open ends: left end ${view.left_end}${view.left_double ? " (a double)" : ""}, ` +
      `right end ${view.right_end}${view.right_double ? " (a double)" : ""}; they count ${view.end_total}.`;
  }

  function drawRack() {
    const mine = view.to_move === me && legal.length > 0;
    // the rack is drawn again: the focus, when it was in the rack (or left with a tile
    // played, to nowhere), comes back to its first tile that can be played
    const active = document.activeElement;
    if (rack.contains(active)) keepFocus = true;
    else if (active && active !== document.body) keepFocus = false;
    rack.replaceChildren(...view.hand.map((tile) => {
      const [a, b] = numbers(tile);
      const plays = playsOf(tile);
      const button = el("button", { type: "button", class: "tile", "aria-label": tile },
        domino(a, b, true));
      button.disabled = busy || !plays.length;
      button.classList.toggle("fits", plays.length > 0);
      if (choosing === tile) button.setAttribute("aria-pressed", "true");
      button.addEventListener("click", () => tap(tile));
      return button;
    }));
    const first = rack.querySelector("button:enabled");
    if (keepFocus && first) {
      first.focus();
      keepFocus = false;
    }
    draw.disabled = busy || !legal.includes("draw");
    pass.disabled = busy || !legal.includes("pass");
    rackTitle.textContent = !mine ? "Your tiles" :
      legal.some((a) => a.includes(" ")) ? "Your tiles: tap one that fits (a raised tile)" :
        legal.includes("draw") ? "Your tiles: none fits; draw from the boneyard" :
          "Your tiles: none fits and the boneyard is empty; pass";
  }

  function update(state) {
    view = state.view;
    legal = state.legal;
    busy = false;
    if (choosing && !playsOf(choosing).length) {
      choosing = null;
      choose.hidden = true;
    }
    const names = view.names;
    const other = 1 - me;
    status.textContent = `Round ${view.round_no}. You ${view.scores[me]}, ${names[other]} ` +
      `${view.scores[other]}; target ${view.target}. Boneyard ${view.boneyard_count}; ` +
      `${names[other]} holds ${count(view.opponent_count, "tile")}.`;
    drawBoard();
    drawRack();
  }

  // each seat's points at the end (the frame shows them when the game is come back to)
  function results(state) {
    const points = state.view.scores;
    return state.view.names.map((name, seat) => ({ seat, name, score: points[seat],
      place: 1 + points.filter((p) => p > points[seat]).length }));
  }

  return { update, results };
}
