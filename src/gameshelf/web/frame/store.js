// The frame's storage, where the seats' tokens and the player's name are kept: the browser's
// storage for this site, or, where the browser refuses it (every site's data
// blocked: reading localStorage throws), a stand-in this tab alone keeps: the game goes on,
// but a reload or a closed tab cannot come back to the seat (the room says so once).
export const store = (() => {
  try {
    const kept = window.localStorage;
    kept.getItem("gameshelf.name");   // throws where every site's data is blocked
    return {
      kept: true,
      getItem: (key) => kept.getItem(key),
      setItem: (key, value) => {
        try {
          kept.setItem(key, value);
        } catch {
          // full: the seat is still this tab's (page.token)
        }
      },
      removeItem: (key) => kept.removeItem(key),
    };
  } catch {
    const memory = new Map();
    return {
      kept: false,
      getItem: (key) => (memory.has(key) ? memory.get(key) : null),
      setItem: (key, value) => memory.set(key, String(value)),
      removeItem: (key) => memory.delete(key),
    };
  }
})();
