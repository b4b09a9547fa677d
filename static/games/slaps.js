// A shared screen for the real-time games (games/_slap_zones.html): the players around one device
// each have a slap zone at their own edge and a key. Every tap or key press is sent at once, over
// the match socket, in the order the device saw them (one frame each: the server judges them in
// that order), as that player's slap of the card they would slap: the lowest creature, never
// their own card where that is always a Bad Chomp (CHOMP!, Double CHOMP!), an Eel first. A slap
// at the wrong moment is judged as on any device (a Bad Chomp, or "too late").
(function () {
  "use strict";

  let sender = null; // the htmx ws extension's handle on the match socket
  document.addEventListener("htmx:wsOpen", (event) => {
    if ((event.target.getAttribute("ws-connect") || "").startsWith("/ws/play/")) sender = event.detail.socketWrapper;
  });
  document.addEventListener("htmx:wsClose", (event) => {
    if ((event.target.getAttribute("ws-connect") || "").startsWith("/ws/play/")) sender = null;
  });

  // The card this seat slaps now (the play.js slapTarget rule, for someone else's seat).
  function target(seat) {
    const board = document.querySelector("#live .chomp-board");
    if (!board) return null;
    const ownNever = ["chomp", "double-chomp"].includes(board.dataset.mode);
    let best = null;
    let bestRank = Infinity;
    let own = null;
    for (const slot of board.querySelectorAll(".chomp-cards .chomp-slot")) {
      const card = slot.querySelector("[data-card]");
      if (!card) continue;
      const rank = parseInt(slot.dataset.rank || "0", 10);
      if (ownNever && slot.dataset.owner === String(seat)) {
        own = own || card.dataset.card;
      } else if (rank < bestRank) {
        best = card.dataset.card;
        bestRank = rank;
      }
    }
    return best || own;
  }

  function slap(zone) {
    const live = document.getElementById("live");
    const seat = parseInt(zone.dataset.slapSeat, 10);
    const card = target(seat);
    if (!live || !card) return; // nothing face up: a tap does nothing
    zone.classList.add("slapped");
    setTimeout(() => zone.classList.remove("slapped"), 150);
    const action = { type: "slap", card: card, version: parseInt(live.dataset.version, 10) };
    if (sender) {
      sender.sendImmediately(JSON.stringify({ action: action, seat: seat }), zone);
    } else { // no socket: the same move over HTTP
      htmx.ajax("POST", window.location.pathname + "move/", {
        values: { seat: seat, action: JSON.stringify(action) }, target: "#live", swap: "outerHTML",
      });
    }
  }

  function zoneFor(element) {
    return element && element.closest ? element.closest("#live .slap-zone") : null;
  }

  // A touch or a mouse press slaps at once (several fingers at once: one slap each).
  document.addEventListener("pointerdown", (event) => {
    const zone = zoneFor(event.target);
    if (!zone) return;
    event.preventDefault();
    slap(zone);
  });
  // A zone pressed with Enter or Space (a click with no pointer) slaps too.
  document.addEventListener("click", (event) => {
    const zone = zoneFor(event.target);
    if (zone && event.detail === 0) slap(zone);
  });
  // Each player's own key.
  document.addEventListener("keydown", (event) => {
    if (event.repeat || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target.closest && event.target.closest("input, textarea, select, [contenteditable]")) return;
    const key = (event.key || "").toUpperCase();
    const zone = document.querySelector(`#viewer[data-viewer="device"] ~ #live .slap-zone[data-slap-key="${CSS.escape(key)}"]`);
    if (!zone) return;
    event.preventDefault();
    slap(zone);
  }, true);
})();
