// What every page module shares (served at /assets/kit.js):
// - `el(tag, attrs, ...children)`: an element made with its attributes (`class`, `text` for
//   its text, any other as an attribute) and children; never markup, so no text is read as
//   HTML and the page's Trusted Types policy holds.
// - `count(n, noun, plural)`: a count and its noun agreeing, thousands grouped, as the
//   terminal's core.text.count writes it ("1 card", "2 cards", "1,000 points"). Every count a
//   page shows is written here.
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
