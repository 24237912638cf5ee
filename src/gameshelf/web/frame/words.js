// Words every page module shares (served at /assets/words.js): a count and its noun agreeing,
// thousands grouped, as the terminal's core.text.count writes it ("1 card", "2 cards",
// "1,000 points"). Every count a page shows is written here.
export function count(n, noun, plural) {
  return `${n.toLocaleString("en-US")} ${n === 1 ? noun : (plural ?? `${noun}s`)}`;
}
