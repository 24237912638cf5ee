// Pinball Showdown's page module: the seat's view of docs/online.md ("Views", Showdown)
// drawn as cards, played with the terminal's action texts (`offer P41`, `bid P07 3`,
// `speed 2`, `buy P12`, `flip 1`, `done`, `take P05`), only those the state lists as legal.
// The frame calls `mount(root, api)` once and `update(state)` with every `state` message.
// The view never holds another seat's hand or face-down offer, only their counts; the deck's
// cards (names, points, speeds: static) come from the module's `data.json`.
import { count, el } from "/assets/kit.js";

const DECK = await (await fetch(new URL("data.json", import.meta.url))).json();

const STEPS = {
  deal: "The cards are being dealt.",
  offer: "Step 1: every player offers a card from their hand face down.",
  reveal: "Step 1: the offered cards are turned face up.",
  control: "Step 2: control tokens, from the First Player around the table: bid on a " +
    "face-up card, raise speed, buy a discarded card, or done.",
  take: "Step 3: players without a bid take a face-up card, from the First Player on.",
  over: "",   // (the frame says the game is over)
};
// the effect's sign and a shape beside its colour (never colour alone): R-PS-2
const SHAPES = { green: "▲", red: "▼", blue: "■" };

const fmt = (n) => n.toLocaleString("en-US");
const card = (id) => DECK.playfield[id] || { device: "", points: 0, speed: "?", effect: "none",
  circles: 0, effect_text: "none" };
export const cardName = (id) => `${id} ${card(id).device}`.trim();
const combo = (id) => DECK.combinations[id] || { name: id, devices: ["?", "?"], bonus: 0 };
const comboWords = (id) => {
  const c = combo(id);
  return `${id} ${c.name}: ${c.devices[0]} + ${c.devices[1]}, ${fmt(c.bonus)} bonus`;
};

function effectWords(c) {
  if (c.effect === "none" || !c.circles) return "no effect";
  if (c.effect === "green") return `speed +${c.circles}`;
  if (c.effect === "red") return `speed -${c.circles}`;
  return `speed set to ${c.circles}`;
}

// A card's face: id, device, points, speed requirement, effect (and notes: bids, claims)
function face(id, notes = [], idAttr = null) {
  const c = card(id);
  const attrs = { class: "face" };
  if (idAttr) attrs.id = idAttr;
  const effect = el("span", { class: `effect ${c.effect}` });
  effect.textContent = c.effect === "none" || !c.circles ? "no effect" :
    `${SHAPES[c.effect]} ${effectWords(c)}`;
  return el("span", attrs,
    el("span", { class: "cid", text: id }),
    el("strong", { class: "device", text: c.device }),
    el("span", { class: "points", text: `${fmt(c.points)} points` }),
    el("span", { class: "speed", text: `needs speed ${c.speed}` }),
    effect,
    ...notes.map((n) => el("span", { class: "note", text: n })));
}

function cardList(ids) {
  return ids.length ? ids.map((id) => `${cardName(id)} (${fmt(card(id).points)})`).join(", ") :
    "none";
}

export function mount(root, api) {
  const me = api.seat;
  let view = null;
  let legal = [];
  let busy = false;
  let chosen = null;           // {zone: "hand" | "faceup" | "discard", id}
  let says = "";               // a word for the seat about its last try (a number out of range)

  const status = el("p", { class: "status" });
  const step = el("p", { class: "step" });
  const players = el("ul", { class: "players", "aria-label": "Players" });
  const combos = el("ul", { class: "combos" });
  const turnTitle = el("h3", { text: "Cards this turn" });
  const faceup = el("div", { class: "cards", role: "group", "aria-label": "Cards this turn" });
  const turnNotes = el("p", { class: "turn-notes" });
  const handTitle = el("h3", { text: "Your hand" });
  const hand = el("div", { class: "cards hand", role: "group", "aria-label": "Your hand" });
  const offer = el("p", { class: "offer" });
  const move = el("div", { class: "move", role: "group", "aria-label": "Your move" });
  const discardTitle = el("h3");
  const discard = el("div", { class: "cards discard", role: "group",
    "aria-label": "Discard pile" });
  root.append(el("div", { class: "showdown" }, status, step,
    el("div", { class: "felt" }, turnTitle, faceup, turnNotes),
    move, handTitle, offer, hand,
    el("h3", { text: "Players" }), players,
    el("h3", { text: "Combinations in play" }), combos,
    discardTitle, discard));

  function act(text) {
    if (busy || !legal.includes(text)) return;
    busy = true;
    chosen = null;
    says = "";
    draw();
    api.act(text);
  }

  // the legal actions of one kind: "bid P07" -> [1, 2, ...]; "speed" -> [1, ...]
  const numbers = (prefix) => legal.filter((a) => a.startsWith(`${prefix} `))
    .map((a) => Number.parseInt(a.slice(prefix.length + 1), 10)).filter(Number.isInteger);
  const cardsOf = (verb) => legal.filter((a) => a.startsWith(`${verb} `))
    .map((a) => a.split(" ")[1]);
  const bidCards = () => [...new Set(legal.filter((a) => a.startsWith("bid "))
    .map((a) => a.split(" ")[1]))];

  function choose(zone, id) {
    if (busy) return;
    chosen = chosen && chosen.zone === zone && chosen.id === id ? null : { zone, id };
    says = "";
    draw();
    const first = move.querySelector("input, button:enabled");
    if (first && chosen) first.focus();
  }

  function cardButton(zone, id, usable, notes = []) {
    const describe = `sd-${zone}-${id}`;
    const button = el("button", { type: "button", class: `card ${card(id).effect}`,
      "aria-label": cardName(id), "aria-describedby": describe }, face(id, notes, describe));
    button.disabled = busy || !usable;
    const picked = chosen && chosen.zone === zone && chosen.id === id;
    if (usable) button.setAttribute("aria-pressed", picked ? "true" : "false");
    button.addEventListener("click", () => choose(zone, id));
    return button;
  }

  // a number field and its button: the action `${verb} N`, N within the legal ones
  function numbered(label, verb, values, buttonText, start) {
    const low = Math.min(...values), high = Math.max(...values);
    const input = el("input", { type: "number", inputmode: "numeric", min: String(low),
      max: String(high), value: String(start ?? low) });
    const field = el("label", {}, `${label} (${low} to ${high})`, input);
    const button = el("button", { type: "button", text: buttonText });
    button.disabled = busy;
    const go = () => {
      const n = input.valueAsNumber;
      if (!values.includes(n)) {
        says = `${label}: a whole number from ${low} to ${high}.`;
        draw();
        return;
      }
      act(`${verb} ${n}`);
    };
    button.addEventListener("click", go);
    input.addEventListener("keydown", (event) => {
      if (event.key === "Enter") go();
    });
    return el("div", { class: "numbered" }, field, button);
  }

  function plainButton(text, action) {
    const button = el("button", { type: "button", text });
    button.disabled = busy || !legal.includes(action);
    button.addEventListener("click", () => act(action));
    return button;
  }

  function drawMove() {
    const mine = view.to_act === me && legal.length > 0;
    move.hidden = !mine;
    if (!mine) {
      move.replaceChildren();
      return;
    }
    const parts = [];
    const words = (text) => parts.push(el("p", { text }));
    if (view.phase === "offer") {
      words("Choose a card of your hand to offer face down.");
      if (chosen && chosen.zone === "hand" && legal.includes(`offer ${chosen.id}`)) {
        parts.push(plainButton(`Offer ${cardName(chosen.id)}`, `offer ${chosen.id}`));
      }
    } else if (view.phase === "take") {
      words("Choose a face-up card to take.");
      if (chosen && chosen.zone === "faceup" && legal.includes(`take ${chosen.id}`)) {
        parts.push(plainButton(`Take ${cardName(chosen.id)}`, `take ${chosen.id}`));
      }
    } else if (numbers("flip").length) {
      const back = view.pending_return ? view.pending_return[1] : Math.max(...numbers("flip"));
      words(`You were outbid: you get ${count(back, "token")} back. ` +
        "Flip how many of them to speed?");
      parts.push(numbered("Tokens to flip", "flip", numbers("flip"), "Flip", 0));
    } else {
      words("Choose a face-up card to bid on or a discarded card to buy; raise your speed; " +
        "or Done.");
      if (chosen && chosen.zone === "faceup" && numbers(`bid ${chosen.id}`).length) {
        parts.push(numbered("Tokens to bid", `bid ${chosen.id}`, numbers(`bid ${chosen.id}`),
          `Bid on ${cardName(chosen.id)}`));
      }
      if (chosen && chosen.zone === "discard" && legal.includes(`buy ${chosen.id}`)) {
        parts.push(plainButton(`Buy ${cardName(chosen.id)} (${DECK.buy_cost} control ` +
          "tokens leave the game)", `buy ${chosen.id}`));
      }
      if (numbers("speed").length) {
        parts.push(numbered("Speed to add", "speed", numbers("speed"), "Raise speed"));
      }
      parts.push(plainButton("Done", "done"));
    }
    if (says) parts.push(el("p", { class: "says", text: says }));
    move.replaceChildren(...parts);
  }

  function faceupNotes(id, index) {
    const names = view.names;
    const notes = [];
    const from = view.offered_by[index];
    if (from === -1) notes.push("from the deck");
    else if (from === me) notes.push("offered by you");
    else if (from >= 0) notes.push(`offered by ${names[from]}`);
    for (const bid of view.bids) {
      if (bid.card === id) {
        const who = bid.seat === me ? "You bid" : `${names[bid.seat]} bids`;
        notes.push(`${who} ${count(bid.tokens, "token")}`);
      }
    }
    view.claims.forEach((claim, seat) => {
      if (claim && claim.card === id) {
        const who = seat === me ? "You" : names[seat];
        notes.push(claim.completed ? `${who}: completed` : `${who}: failed (${claim.reason})`);
      }
    });
    return notes;
  }

  function drawTable() {
    const bidding = view.phase === "control" ? new Set(bidCards()) : new Set();
    const taking = view.phase === "take" ? new Set(cardsOf("take")) : new Set();
    if (view.faceup.length) {
      turnTitle.textContent = "Cards this turn";
      faceup.replaceChildren(...view.faceup.map((id, i) =>
        cardButton("faceup", id, bidding.has(id) || taking.has(id), faceupNotes(id, i))));
    } else {
      turnTitle.textContent = "Turned from the deck";
      faceup.replaceChildren(...(view.top ? [el("div", { class: "card shown" },
        face(view.top, ["from the deck"]))] : []));
    }
    const notes = [];
    if (view.phase === "offer") {
      const offered = view.has_offered.filter(Boolean).length;
      notes.push(`${offered} of ${count(view.n, "card")} offered face down.`);
    }
    if (view.take_queue.length) {
      notes.push(`Still to take a card: ${view.take_queue.map((s) => s === me ? "you" :
        view.names[s]).join(", ")}.`);
    }
    notes.push(`Deck: ${count(view.deck_size, "card")}.`);
    turnNotes.textContent = notes.join(" ");
  }

  function tokens(kind, count) {
    return el("span", { class: `tokens ${kind}`, "aria-hidden": "true" },
      ...Array.from({ length: Math.min(count, 20) }, () => el("span", { class: "token" })));
  }

  function drawPlayers() {
    const names = view.names;
    players.replaceChildren(...names.map((name, seat) => {
      const marks = [];
      if (seat === view.first) marks.push("First Player");
      if (seat === view.to_act) marks.push("to act");
      const title = `${name}${seat === me ? " (you)" : ""}` +
        (marks.length ? `: ${marks.join(", ")}` : "");
      const s = view.scores ? view.scores[seat] : null;
      const known = view.known_in_hand[seat];
      const lines = [
        el("p", { class: "gauges" }, `Speed ${view.speed[seat]} `, tokens("speed", view.speed[seat]),
          ` Control ${view.control[seat]} `, tokens("control", view.control[seat]),
          ` Out of play ${view.removed[seat]}`),
        el("p", { text: `Hand: ${count(view.hand_sizes[seat], "card")}${seat !== me && known.length ? `; known to hold ${cardList(known)}` :
          ""}.` }),
        el("p", { text: `Scoring pile: ${cardList(view.piles[seat])}.` }),
        el("p", { text: `2X pile: ${cardList(view.piles2x[seat])}.` }),
        el("p", { text: `Combinations: ${view.combos_won[seat].length ?
          view.combos_won[seat].map((c) => `${c} ${combo(c).name}`).join(", ") : "none"}.` }),
      ];
      if (s) {
        lines.push(el("p", { class: "score", text: `Score ${view.phase === "over" ? "" :
          "so far "}${fmt(s.total)}: cards ${fmt(s.cards)}, 2X ${fmt(s.two_x)}, Drop Target ` +
          `sets ${fmt(s.drop_bonus)}, Combinations ${fmt(s.combos)}, tokens ${fmt(s.tokens)}.` }));
      }
      const item = el("li", { class: seat === view.to_act ? "player acting" : "player" },
        el("h4", { text: title }), ...lines);
      return item;
    }));
  }

  function draw() {
    if (!view) return;
    const wasInside = root.contains(document.activeElement);
    const turn = `Turn ${view.turn} of at most ${DECK.turns}`;
    const wizard = view.wizard ? "Wizard Mode On: cards scored go to the 2X pile" :
      "Wizard Mode Off";
    status.textContent = view.phase === "over" ?
      `Game over after turn ${view.turn}${view.end_reason === "drain" ?
        ": a ball drained" : ""}.` : `${turn}. ${wizard}.`;
    step.textContent = STEPS[view.phase] || "";
    drawTable();
    const offering = view.phase === "offer" ? new Set(cardsOf("offer")) : new Set();
    handTitle.textContent = `Your hand (${count(view.hand.length, "card")})`;
    hand.replaceChildren(...view.hand.map((id) => cardButton("hand", id, offering.has(id))));
    offer.textContent = view.my_offer && view.phase === "offer" ?
      `Your offer, face down: ${cardName(view.my_offer)}.` : "";
    offer.hidden = !offer.textContent;
    drawMove();
    drawPlayers();
    combos.replaceChildren(...(view.combos_open.length ?
      view.combos_open.map((c) => el("li", { text: comboWords(c) })) :
      [el("li", { text: "None left." })]));
    const buying = new Set(cardsOf("buy"));
    discardTitle.textContent = `Discard pile (${count(view.discard.length, "card")})`;
    discard.replaceChildren(...view.discard.map((id) =>
      cardButton("discard", id, buying.has(id))));
    if (wasInside && !root.contains(document.activeElement)) {
      const next = move.querySelector("button:enabled") ||
        root.querySelector("button.card:enabled");
      if (next) next.focus();
    }
  }

  function update(state) {
    view = state.view;
    legal = state.legal;
    busy = false;
    root.dataset.seq = String(state.seq);
    if (chosen && !legal.some((a) => a.split(" ")[1] === chosen.id)) chosen = null;
    draw();
  }

  // each seat's points at the end (the frame shows them when the game is come back to)
  function results(state) {
    const totals = state.view.scores.map((s) => s.total);
    return state.view.names.map((name, seat) => ({ seat, name, score: totals[seat],
      place: 1 + totals.filter((p) => p > totals[seat]).length }));
  }

  return { update, results };
}
