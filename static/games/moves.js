// Moves go over the match page's open socket; over HTTP only while the socket can't take them.
//
// Every move control carries both `ws-send` and `hx-post` (games/play/_moves.html, _card.html).
// Each click is routed once, here, when it happens:
// - the socket is open and live (no "Live updates paused" notice): the move goes over the socket
//   as {"action": ..., "seat": n} and the server judges it in arrival order (games/live/consumers.py);
//   this page's socket then draws the change.
// - the socket is closed, connecting or reconnecting, or the server's channel layer is down (the
//   notice shows): the same move is POSTed, exactly as the htmx attributes say, and its answer
//   swaps #live.
// Never both, and never later: the htmx ws extension would queue a move made while its socket is
// not open and send it on reconnect, after the game may have moved on; here such a move goes
// over HTTP at once instead. A click is remembered by its event, so whichever htmx handler sees
// it first (the extension's, today: the same click reaches one handler per element) decides,
// and the other one stands down.
(function () {
  "use strict";

  const routes = new WeakMap(); // click event -> "socket" | "http"
  // Per ws-connect element (a class student's page has the class bar's socket too): the newest
  // socket htmx opened for it, and the extension's handle that sends on it without queueing.
  const sockets = new WeakMap();

  document.addEventListener("htmx:wsOpen", (event) => {
    sockets.set(event.target, { socket: event.detail.event.target, sender: event.detail.socketWrapper });
  });

  function openSocket(control) {
    const owner = control.closest("[ws-connect]");
    return owner ? sockets.get(owner) : undefined;
  }

  function paused() {
    return !!document.querySelector("#live-status .live-status-text");
  }

  function socketLive(control) {
    const open = openSocket(control);
    return !!open && open.socket.readyState === WebSocket.OPEN && !paused();
  }

  function isMove(control) {
    return !!control && control.hasAttribute && control.hasAttribute("ws-send") && control.hasAttribute("hx-post");
  }

  // A move sent over the socket and not answered yet (its redraw or its refusal): a second click
  // meanwhile is dropped, as htmx drops a control's second POST while its first is out (a
  // double click must not send a second, stale move). Forgotten after ANSWER_WAIT_MS.
  const ANSWER_WAIT_MS = 3000;
  let awaitingSince = 0;
  // Said on the page too (`data-move-out` on <html>), for whoever drives it (the browser tests
  // wait for the answer before the next click, as a child's second click would be dropped).
  function setAwaiting(since) {
    awaitingSince = since;
    document.documentElement.toggleAttribute("data-move-out", since > 0);
  }
  function awaiting() {
    return awaitingSince > 0 && performance.now() - awaitingSince < ANSWER_WAIT_MS;
  }

  function decide(control) {
    if (!socketLive(control)) return "http";
    return awaiting() ? "drop" : "socket";
  }

  // The way a click goes, decided once; `first` is true for the handler that decided it.
  function route(control, click) {
    if (!click) return { way: decide(control), first: true };
    const first = !routes.has(click);
    if (first) routes.set(click, decide(control));
    return { way: routes.get(click), first };
  }

  // The socket frame: the control's own values (its seat and the move as JSON), nothing else.
  function frame(control) {
    const values = JSON.parse(control.getAttribute("hx-vals") || "{}");
    return JSON.stringify({ action: values.action, seat: values.seat });
  }

  function post(control) {
    htmx.ajax("POST", control.getAttribute("hx-post"), {
      source: control,
      target: control.getAttribute("hx-target") || "#live",
      swap: control.getAttribute("hx-swap") || "outerHTML",
    });
  }

  // The answer to a socket move: its view, then this marker (games/live/consumers.py MOVE_ANSWERED),
  // or a refusal (the flash message). Made, an old message ("It isn't your turn", a card's
  // reason) goes, as play.js does when a move's HTTP answer settles; a refusal stays.
  const ANSWERED = "<!-- plateful:move-answered -->";
  document.addEventListener("htmx:wsBeforeMessage", (event) => {
    const message = event.detail.message || "";
    if (message === ANSWERED) {
      setAwaiting(0);
      const flash = document.getElementById("flash");
      if (flash) flash.hidden = true;
      const near = document.querySelector("#live .board-message");
      if (near) near.hidden = true; // play.js's copy of the message, next to the cards
      event.preventDefault(); // nothing to swap
    } else if (awaitingSince && /id="flash"/.test(message)) {
      setAwaiting(0);
    }
  });
  document.addEventListener("htmx:wsClose", () => {
    setAwaiting(0); // no answer comes on a closed socket: the next click may go over HTTP
  });

  // The extension is about to send a ws-send control's values.
  document.addEventListener("htmx:wsConfigSend", (event) => {
    const control = event.target;
    if (!isMove(control)) return;
    const { way, first } = route(control, event.detail.triggeringEvent);
    if (way === "socket" && first) {
      event.detail.messageBody = frame(control);
      setAwaiting(performance.now());
      return;
    }
    event.preventDefault(); // nothing goes on the socket, nor into its queue
    if (way === "http" && first) post(control);
  });

  // htmx is about to POST a move: ours (no triggering click) goes ahead; a click's goes ahead only
  // when this handler saw the click first and the socket can't take it.
  document.addEventListener("htmx:confirm", (event) => {
    const control = event.detail.elt;
    const click = event.detail.triggeringEvent;
    if (!isMove(control) || !click) return;
    const { way, first } = route(control, click);
    if (way === "http" && first) return;
    event.preventDefault();
    if (way === "socket" && first) {
      openSocket(control).sender.sendImmediately(frame(control), control);
      setAwaiting(performance.now());
    }
  });
})();
