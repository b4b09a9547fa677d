// "Live updates paused, reconnecting…" (templates/_live_status.html). The server shows and
// hides the notice itself while its channel layer (Redis) is down, over the open socket. This
// file covers the other case: the socket itself dropped (a restarting server) and htmx is
// reconnecting. Shown after a moment (not on a page that is just leaving), hidden when the
// socket opens again (the server then sends the whole view and its own word on the notice).
(function () {
  "use strict";
  let pending = null;

  function notice() {
    return document.getElementById("live-status");
  }

  function show() {
    const box = notice();
    if (!box || box.firstElementChild) return;
    const text = document.createElement("p");
    text.className = "live-status-text";
    text.textContent = box.dataset.paused || "";
    box.appendChild(text);
  }

  // The close codes after which the htmx ws extension reconnects (a server gone, restarting).
  const RECONNECTING = [1006, 1011, 1012, 1013];

  document.addEventListener("htmx:wsClose", (event) => {
    const code = event.detail && event.detail.event ? event.detail.event.code : 0;
    if (RECONNECTING.includes(code) && pending === null) pending = window.setTimeout(show, 1000);
  });
  document.addEventListener("htmx:wsOpen", () => {
    window.clearTimeout(pending);
    pending = null;
    const box = notice();
    if (box) box.replaceChildren();
  });
})();
