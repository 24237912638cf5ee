// What every page module shares (served at /assets/kit.js):
// - `el(tag, attrs, ...children)`: an element made with its attributes (`class`, `text` for
//   its text, any other as an attribute) and children; never markup, so no text is read as
//   HTML and the page's Trusted Types policy holds.
// - `count(n, noun, plural)`: a count and its noun agreeing, thousands grouped, as the
//   terminal's core.text.count writes it ("1 card", "2 cards", "1,000 points"). Every count a
//   page shows is written here.
// - `namesLevel(name, level)`: whether a computer seat's name already says its level (the
//   level a word of the name, in any case: "Strong" says "strong", "CPU 1" does not), as
//   the terminal's core.text.names_level reads it; `levelNote(name, level)`: " (level)" to
//   follow the name, or "" when the name says it, so that no line reads "Strong (strong)".
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (name === "class") node.className = value;
    else if (name === "text") node.textContent = value;
    else node.setAttribute(name, value);
  }
  node.append(...children);
  return node;
}

export function count(n, noun, plural) {
  return `${n.toLocaleString("en-US")} ${n === 1 ? noun : (plural ?? `${noun}s`)}`;
}

export function namesLevel(name, level) {
  if (!level) return true;
  const escaped = level.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![\\p{L}\\p{N}_])${escaped}(?![\\p{L}\\p{N}_])`, "iu").test(name);
}

export function levelNote(name, level) {
  return namesLevel(name, level) ? "" : ` (${level})`;
}
