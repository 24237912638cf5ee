// One Dollar Pinball's page module: the seat's view of docs/online.md ("Views", One Dollar
// Pinball) drawn by the page: the form that enters a bill (`Serial number`, `Series`,
// `Score`), the scorer's trace digit by digit with the running score, the bill's place in
// its district's exact distribution as a chart (an SVG drawn here from the server's
// numbers), and the table's bills once every one is in. It sends the game's action texts
// (`bill L40000002A series 1902`, `draw`). The frame calls `mount(root, api)` once,
// `update(state)` with every `state` and `refused(error)` when the server refuses a bill
// (said beside the form, once, until the form is typed in again or a bill is taken). While the seat's own trace is told step by step, nothing
// tells its end first: the other bills' scores and places wait in the table, and `update`
// returns a promise of the trace's end, so the frame holds the log and the game's end too.
import { count, el } from "/assets/kit.js";

const SVG = "http://www.w3.org/2000/svg";
//: Milliseconds between two steps of the trace shown one by one.
const STEP_MS = 420;

function svg(tag, attrs = {}, text = null) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  if (text !== null) node.textContent = text;
  return node;
}

const points = (n) => Number(n).toLocaleString("en-US");
const millions = (n) => `${points(Math.round(n / 1e6))}M`;

// The trace as a list, each step one item: its digits, rule, what it did, the score after.
function stepItem(step) {
  const balls = count(step.balls, "ball");
  return el("li", { class: "step" },
    el("span", { class: "digits", text: step.digits }),
    el("span", { class: "rule", text: `${step.rule}: ${step.note}` }),
    el("span", { class: "after",
      text: `score ${points(step.score)}; ${balls}, ${step.tilt_warnings} tilt warnings` }));
}

function endWords(bill) {
  const balls = `${count(bill.balls_left, "ball")} left`;
  const bonus = `${balls}: +${points(bill.end_bonus)}`;
  const match = bill.match === null ? "no series: Match not counted" :
    bill.match ? `Match (last digit ${bill.serial.at(-1)} = series ${bill.series}): +1,000,000` :
      `no Match (last digit ${bill.serial.at(-1)}, series ${bill.series})`;
  const unread = bill.unread ? `; digits not read: ${bill.unread}` : "";
  return `End: ${bonus}; ${match}${unread}.`;
}

// The bill's place among its district's bills, in words (what the chart shows).
function oddsWords(bill) {
  const o = bill.odds;
  const series = o.series_digit === null ? "the Match not counted" :
    `a series ending in ${o.series_digit}`;
  return `Of the ${points(o.total)} serials of district ${bill.district_name} with ${series}, ` +
    `${points(o.below)} score less than ${points(bill.score)}, ${points(o.same)} as much and ` +
    `${points(o.above)} more (the best scores ${points(o.max)}, the mean ${points(o.mean)}).`;
}

// The distribution as bars, one per score (millions across, bills up on a log scale), the
// bill's own score marked by a dark bar, a triangle and its label: never colour alone.
function chart(bill) {
  const o = bill.odds;
  const W = 400, H = 210, left = 8, right = 8, top = 30, bottom = 34;
  const most = Math.max(...o.scores.map(([, n]) => n));
  const top10 = Math.log10(most + 1);
  const span = Math.max(o.max, bill.score) / 1e6 + 1;
  const x = (m) => left + (m / span) * (W - left - right);
  const barW = Math.max(1.5, (W - left - right) / span - 1);
  const y = (n) => H - bottom - (Math.log10(n + 1) / top10) * (H - top - bottom);
  const mine = bill.score / 1e6;
  const picture = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "chart", role: "img",
    "aria-label": `Chart: the scores of every serial of district ${bill.district}; ` +
      `${points(o.below)} of ${points(o.total)} score less than this bill.` });
  picture.append(svg("line", { x1: left, y1: H - bottom, x2: W - right, y2: H - bottom,
    class: "axis" }));
  for (const [score, n] of o.scores) {
    const m = score / 1e6;
    picture.append(svg("rect", { x: x(m), y: y(n), width: barW, height: H - bottom - y(n),
      class: m === mine ? "bar mine" : "bar" }));
  }
  for (const m of [0, 20, 40, 60, 80].filter((t) => t < span - 8)) {
    picture.append(svg("text", { x: x(m), y: H - bottom + 16, class: "tick" }, `${m}M`));
  }
  picture.append(svg("text", { x: W - right, y: H - 4, class: "tick end" }, "score"));
  const mx = x(mine) + barW / 2;
  // the axis's name on the side away from the bill's label
  picture.append(svg("text", mx < W / 2 ? { x: W - right, y: 14, class: "tick end" } :
    { x: left, y: 14, class: "tick start" }, "bills (log scale)"));
  picture.append(svg("path", { d: `M ${mx - 7} ${top - 14} L ${mx + 7} ${top - 14} L ${mx} ${top - 4} Z`,
    class: "marker" }));
  const anchor = mx > W * 0.7 ? "end" : mx < W * 0.3 ? "start" : "middle";
  picture.append(svg("text", { x: mx, y: top - 17, class: `label ${anchor}` },
    `this bill: ${millions(bill.score)}`));
  return picture;
}

export function mount(root, api) {
  const me = api.seat;
  let view = null;
  let busy = false;
  let shownBill = null;     // the bill whose trace is drawn
  let timer = null;
  let told = null;          // the end of the trace being told: [promise, resolve]

  const status = el("p", { class: "status" });
  const formTitle = el("h3", { id: "dollar-form-title", text: "Your bill" });
  const serial = el("input", { name: "serial", autocomplete: "off", autocapitalize: "characters",
    spellcheck: "false", maxlength: "40", "aria-describedby": "dollar-serial-help" });
  const series = el("input", { name: "series", autocomplete: "off", autocapitalize: "characters",
    spellcheck: "false", maxlength: "20", inputmode: "text" });
  const help = el("p", { id: "dollar-serial-help", class: "help",
    text: "As printed on the bill: its letter, 8 digits and a letter or star, like " +
      "L40000002A. The series is the year printed on its face (1902, 2017A)." });
  const refusal = el("p", { id: "dollar-refusal", class: "refusal", role: "alert" });
  const score = el("button", { type: "submit", text: "Score" });
  const draw = el("button", { type: "button", text: "Draw a random bill" });
  const form = el("form", { class: "form bill-form", "aria-labelledby": formTitle.id },
    el("label", {}, "Serial number", serial), el("label", {}, "Series", series), help,
    refusal, el("div", { class: "buttons" }, score, draw));
  const entry = el("section", { class: "entry", "aria-labelledby": formTitle.id }, formTitle, form);

  const traceTitle = el("h3", { id: "dollar-trace-title" });
  const digits = el("ol", { class: "serial", "aria-label": "The serial's digits" });
  const running = el("p", { class: "running" });
  const steps = el("ol", { class: "steps", "aria-label": "The trace, step by step" });
  const end = el("p", { class: "end" });
  const total = el("p", { class: "total" });
  const oddsTitle = el("h4", { text: "Among every bill of its district" });
  const oddsBox = el("figure", { class: "odds" });
  const trace = el("section", { class: "trace", "aria-labelledby": traceTitle.id },
    traceTitle, digits, running, steps, end, total, oddsTitle, oddsBox);
  const tableTitle = el("h3", { id: "dollar-table-title", text: "The table's bills" });
  const table = el("ul", { class: "table-bills", "aria-labelledby": tableTitle.id });
  root.append(el("div", { class: "dollar" }, status, entry, trace,
    el("section", { class: "table-box", "aria-labelledby": tableTitle.id }, tableTitle, table)));

  // the refusal of the last bill taken off the form: a bill sent, typed anew or taken
  function clearRefusal() {
    refusal.textContent = "";
    serial.removeAttribute("aria-invalid");
    serial.setAttribute("aria-describedby", "dollar-serial-help");
  }

  function send(text) {
    if (busy) return;
    busy = true;
    clearRefusal();
    drawForm();
    api.act(text);
  }

  for (const field of [serial, series]) {
    field.addEventListener("input", () => {
      if (refusal.textContent) clearRefusal();
    });
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const said = series.value.trim();
    send(`bill ${serial.value.trim()}${said ? ` series ${said}` : ""}`);
  });
  draw.addEventListener("click", () => send("draw"));

  function mine() {
    return view ? view.bills[me] : null;
  }

  // (a replay, `api.readOnly`, never shows the form: the bills are said as text)
  function drawForm() {
    const turn = view && view.to_act === me && !api.readOnly;
    entry.hidden = !turn && !busy;
    for (const control of [serial, series, score, draw]) control.disabled = busy || !turn;
  }

  function stopTrace() {
    if (timer !== null) clearInterval(timer);
    timer = null;
    trace.removeAttribute("aria-busy");
    if (told) told[1]();
    told = null;
  }

  // the trace of `bill`: every step at once, or (`animate`) one step after another with
  // the digits read marked and the running score, as a pinball display counts up
  function drawTrace(bill, animate) {
    stopTrace();
    shownBill = bill.bill;
    traceTitle.textContent = `Your bill ${bill.bill}` + (bill.series ? `, series ${bill.series}` : "") +
      `: district ${bill.district_name}`;
    const cells = [...bill.serial].map((d, i) => el("li", { class: "digit", "data-pos": String(i + 1),
      "aria-label": `digit ${i + 1}: ${d}` }, el("span", { "aria-hidden": "true", text: d })));
    digits.replaceChildren(...cells);
    const items = bill.steps.map(stepItem);
    steps.replaceChildren();
    end.textContent = "";
    total.textContent = "";
    oddsBox.replaceChildren();
    oddsBox.hidden = true;
    oddsTitle.hidden = true;
    const mark = (k) => {
      for (const cell of cells) cell.classList.remove("now");
      if (k < 0) return;
      const [from, to] = bill.steps[k].positions.split("-").map(Number);
      for (let p = from; p <= (to || from); p++) cells[p - 1].classList.add("now");
    };
    const finish = () => {
      stopTrace();
      steps.replaceChildren(...items);
      mark(-1);
      for (const cell of cells) cell.classList.remove("read");
      // the digits never read: the game ended when the ball count reached 0 (R-DP-4)
      for (let p = bill.serial.length - bill.unread.length; p < bill.serial.length; p++) {
        cells[p].classList.add("unread");
        cells[p].setAttribute("aria-label", `digit ${p + 1}: ${bill.serial[p]}, not read`);
      }
      running.textContent = `Score after the digits: ${points(bill.play_score)}`;
      end.textContent = endWords(bill);
      total.textContent = `Total: ${points(bill.score)} points`;
      oddsTitle.hidden = false;
      oddsBox.hidden = false;
      oddsBox.replaceChildren(chart(bill), el("figcaption", { text: oddsWords(bill) }));
      if (view) {
        drawStatus();
        drawTable();
      }
    };
    if (!animate || api.reducedMotion() || !items.length) {
      finish();
      return null;
    }
    trace.setAttribute("aria-busy", "true");
    let resolve;
    const ended = new Promise((r) => { resolve = r; });
    told = [ended, resolve];
    let k = 0;
    running.textContent = "Score: 0";
    timer = setInterval(() => {
      if (k >= items.length) {
        finish();
        return;
      }
      mark(k);
      const [from, to] = bill.steps[k].positions.split("-").map(Number);
      for (let p = 1; p < from; p++) cells[p - 1].classList.add("read");
      for (let p = from; p <= (to || from); p++) cells[p - 1].classList.add("read");
      steps.append(items[k]);
      running.textContent = `Score: ${points(bill.steps[k].score)}`;
      k += 1;
    }, STEP_MS);
    return ended;
  }

  function drawStatus() {
    status.textContent = timer !== null ? "Your bill is being scored." :
      view.to_act === -2 ? "Every bill is in." :
        view.to_act === me && api.readOnly ? "Your bill is not in yet." :
        view.to_act === me ? "Enter your bill's serial number and series, as printed on it." :
          `Waiting for ${view.names[view.to_act]}'s bill.`;
  }

  function drawTable() {
    const telling = timer !== null;   // this seat's own trace: the others' scores wait
    const over = view.to_act === -2 && !telling;
    table.replaceChildren(...view.names.map((name, seat) => {
      const bill = view.bills[seat];
      const who = `${name}${seat === me ? " (you)" : ""}`;
      if (!bill) {
        const now = view.to_act === seat && !api.readOnly;
        return el("li", { text: `${who}: ${now ? "entering a bill now" : "no bill yet"}` });
      }
      if (bill.hidden) return el("li", { text: `${who}: a bill is in (shown when every bill is in)` });
      if (telling && seat !== me) return el("li", { text: `${who}: a bill is in` });
      const place = over ? `, place ${view.places[seat]}` : "";
      const head = `${who}: ${bill.bill}${bill.series ? ` series ${bill.series}` : ""}, ` +
        `${points(bill.score)} points${place}`;
      if (seat === me && timer !== null) return el("li", { text: `${who}: ${bill.bill}, being scored` });
      if (seat === me) return el("li", { text: head });
      const details = el("details", {}, el("summary", { text: head }),
        el("ol", { class: "steps" }, ...bill.steps.map(stepItem)),
        el("p", { text: endWords(bill) }), el("p", { text: oddsWords(bill) }));
      return el("li", {}, details);
    }));
  }

  function update(state) {
    const first = view === null;
    view = state.view;
    busy = false;
    const bill = mine();
    if (bill) clearRefusal();
    drawForm();
    trace.hidden = !bill;
    const playing = bill && bill.bill !== shownBill ? drawTrace(bill, !first) : null;
    drawStatus();
    drawTable();
    if (view.to_act === me && first && !api.readOnly) serial.focus();
    return playing || (told ? told[0] : null);
  }

  function refused(error) {
    busy = false;
    refusal.textContent = error.message;
    serial.setAttribute("aria-invalid", "true");
    serial.setAttribute("aria-describedby", "dollar-refusal dollar-serial-help");
    drawForm();
    serial.focus();
    return true;
  }

  // each seat's points and place at the end (the frame shows them when come back to)
  function results(state) {
    const v = state.view;
    return v.names.map((name, seat) => ({ seat, name, score: v.bills[seat].score,
      place: v.places[seat] }));
  }

  return { update, results, refused };
}
