// The page's own script (served as a file: the page's Content Security Policy runs no
// inline script). textual-serve's textual.js draws the app; this adds the buttons that
// open the menu again and gives the terminal the keyboard at once.
"use strict";

function startUrl() {
  const url = new URL(window.location.href);
  const params = new URLSearchParams(url.search);
  params.delete("delay");
  return url.pathname + "?" + params.toString();
}

async function openAgain() {
  const pingUrl = document.body.dataset.pingurl;
  if (pingUrl) {
    await fetch(pingUrl, { method: "GET", mode: "no-cors" });
  }
  window.location.href = startUrl();
}

document.addEventListener("DOMContentLoaded", () => {
  for (const button of document.querySelectorAll("button[data-action='open']")) {
    button.addEventListener("click", openAgain);
  }
  for (const button of document.querySelectorAll("button[data-action='reload']")) {
    button.addEventListener("click", () => window.location.reload());
  }
});

// Keys go to the game at once, without a first click into the page.
window.addEventListener("load", () => {
  const field = document.querySelector("#terminal .xterm-helper-textarea");
  if (field) field.focus();
});
