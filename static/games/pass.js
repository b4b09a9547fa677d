// Pass-and-play on a shared device (games/_pass.html): "Show my cards" fetches the hand of the
// player whose turn it is (games.views.match_hand); the page never keeps a hand it isn't showing.
// The move's push replaces #live with the public table by itself; "Hide my cards", or 30 s
// without a touch, puts back the public table the page showed before the hand.
(function () {
  "use strict";

  const IDLE_MS = 30000;
  let publicCopy = ""; // #live before the hand was shown: the public table and "Pass to ..."
  let timer = 0;

  function shown() {
    const live = document.getElementById("live");
    return live && live.hasAttribute("data-revealed") ? live : null;
  }

  function hide() {
    clearTimeout(timer);
    timer = 0;
    const live = shown();
    if (!live) return;
    const holder = document.createElement("div");
    holder.innerHTML = publicCopy;
    const table = holder.firstElementChild;
    if (table) {
      live.replaceWith(table);
      htmx.process(table);
    } else {
      live.replaceChildren(); // no copy: the hand goes anyway, and the page is fetched again
      htmx.ajax("GET", window.location.pathname, { target: "#live", swap: "outerHTML" });
    }
    publicCopy = "";
  }

  function arm() {
    clearTimeout(timer);
    timer = setTimeout(hide, IDLE_MS);
  }

  document.addEventListener("htmx:beforeRequest", (event) => {
    const live = document.getElementById("live");
    if (live && event.detail.elt.closest && event.detail.elt.closest("[data-show-hand]")) {
      publicCopy = live.outerHTML;
    }
  });
  document.addEventListener("htmx:afterSettle", () => {
    if (shown()) arm();
  });
  for (const type of ["pointerdown", "keydown", "wheel"]) {
    document.addEventListener(type, () => { if (timer && shown()) arm(); }, true);
  }
  document.addEventListener("click", (event) => {
    if (event.target.closest && event.target.closest("[data-hide-hand]")) hide();
  });
})();
