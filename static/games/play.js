// Match pages: countdowns, reasons for cards you can't play, keyboard slaps, keeping the keyboard
// focus through live updates, and never letting an older view replace a newer one (a socket push
// and an htmx response can cross).
(function () {
  "use strict";

  // ----- Keyboard focus survives live updates --------------------------------------------------
  // Every push replaces #live, and with it the button a child had tabbed to. Follow which control
  // inside the game has the focus (its data-focus-key: move type + card, or its id); after each
  // update give the focus back to the same control in the new HTML, or else to the first move,
  // without scrolling. A focused element that is removed fires no event, so this follows focusin.
  const MOVES = "#live [data-focus-key]:not([aria-disabled='true'])";
  const COACH_PICK = "[data-coach-pick]:not([aria-disabled='true'])";
  let focusWanted = null; // {key, id} while the keyboard is working inside the game

  document.addEventListener("focusin", (event) => {
    const live = document.getElementById("live");
    if (live && live.contains(event.target)) {
      const target = event.target;
      focusWanted = { key: target.dataset.focusKey || "", id: target === live ? "" : target.id || "" };
    } else {
      focusWanted = null; // the child went elsewhere on the page: leave the focus alone
    }
  });

  // The coach's pick gets the keyboard without the page jumping. A child who plays by keyboard
  // must also see where the keyboard is: when the pick lies off the screen (a long board on a
  // phone) it is brought just into view, for them only (a tap or a click leaves the page where it
  // is, with the coach's words). The coach's words are the pick's description for a screen reader.
  let keyboardUser = false;
  document.addEventListener("keydown", () => { keyboardUser = true; }, true);
  document.addEventListener("pointerdown", () => { keyboardUser = false; }, true);
  // A keyboard player's focus stays on the screen, just into view (touch and mouse players
  // scroll for themselves: the page never moves under their finger).
  function showFocused(element) {
    if (!keyboardUser) return;
    const box = element.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) element.scrollIntoView({ block: "nearest" });
  }
  function focusPick(pick) {
    pick.focus({ preventScroll: true });
    showFocused(pick);
  }

  function restoreFocus() {
    const live = document.getElementById("live");
    if (!live) return;
    const active = document.activeElement;
    const idle = !active || active === document.body || !active.isConnected;
    // The focus kept through the update (htmx gives it back to the new element of the same id,
    // without scrolling): what the update drew above it may have pushed it off the screen.
    const kept = !idle && active !== live && live.contains(active);
    if (!focusWanted) {
      // A tutorial's learner who hasn't tabbed anywhere yet: the coach's pick, as on opening.
      const pick = idle ? live.querySelector(COACH_PICK) : null;
      if (pick) focusPick(pick);
      else if (kept) showFocused(active);
      return;
    }
    if (kept) {
      showFocused(active);
      return;
    }
    if (active && active !== document.body && active !== live && active.isConnected) return;
    const { key, id } = focusWanted;
    // A tutorial: the move the coach wants comes first (games/coaching.py marks it).
    let target = live.querySelector(COACH_PICK);
    if (!target && key) target = live.querySelector(`[data-focus-key="${CSS.escape(key)}"]`);
    if (!target && id) target = document.getElementById(id);
    if (!target) target = document.querySelector(MOVES);
    if (!target) {
      // Nothing to press right now (someone else's turn): keep the focus in the game, so the
      // next Tab reaches the cards instead of the top of the page.
      live.tabIndex = -1;
      target = live;
    }
    const wanted = focusWanted;
    if (target.matches(COACH_PICK)) focusPick(target);
    else target.focus({ preventScroll: true });
    // On the game itself, not a control: the next update gives the focus to a move button.
    if (target === live) focusWanted = { ...wanted, key: "", id: "" };
  }
  // A tutorial's page opens with the keyboard on the coach's first pick (the button is
  // described by what the coach says, so a screen reader hears the advice with it).
  document.addEventListener("DOMContentLoaded", () => {
    const pick = document.querySelector("#live " + COACH_PICK);
    if (pick) focusPick(pick);
  });
  // Once a whole update is in: an htmx answer's swap, or a push's last out-of-band swap (a push
  // swaps the public part of #live, then the seat's own pieces, where its moves are).
  document.addEventListener("htmx:afterSwap", restoreFocus);

  function liveVersion() {
    const live = document.getElementById("live");
    return live ? parseInt(live.dataset.version || "-1", 10) : -1;
  }

  // Whose view a push is (the #viewer it carries: a seat, or "watching"): a page whose seat went
  // to someone else gets the watchers' view of the same version, which must replace the seat's.
  function viewerOf(html) {
    const tag = /<div[^>]*id="viewer"[^>]*>/.exec(html);
    const viewer = tag && /data-viewer="([^"]*)"/.exec(tag[0]);
    return viewer ? viewer[1] : null;
  }

  // Latest wins: a push older than what the page shows (an htmx answer got here first, or the
  // page drew itself on reconnect) is not swapped. Every push is a whole view, so one that skips
  // versions loses nothing (the feed lists the moves between, for #live-news).
  document.addEventListener("htmx:wsBeforeMessage", (event) => {
    const found = /id="live"[^>]*data-version="(\d+)"|data-version="(\d+)"[^>]*id="live"/.exec(event.detail.message);
    const live = document.getElementById("live");
    const shown = document.getElementById("viewer");
    const viewer = viewerOf(event.detail.message);
    const left = /id="live"[^>]*data-status="left"/.test(event.detail.message); // taken out: always shown
    if (found && !left && live && live.dataset.status !== "waiting" && (viewer === null || !shown || viewer === shown.dataset.viewer)) {
      // Same version, same game: the page already shows it. A change that isn't a move
      // (someone else took a seat: a class's late joiner, a bot for a student the teacher
      // moved) keeps the version and moves data-changed on: drawn.
      const version = parseInt(found[1] || found[2], 10);
      const changed = /id="live"[^>]*data-changed="([\d.]+)"/.exec(event.detail.message);
      const newer = changed && parseFloat(changed[1]) > parseFloat(live.dataset.changed || "0");
      if (version < liveVersion() || (version === liveVersion() && !newer)) event.preventDefault();
    }
  });

  // An htmx response that is older than what a push already showed must not replace it.
  document.addEventListener("htmx:beforeSwap", (event) => {
    const live = document.getElementById("live");
    const found = /id="live"[^>]*data-version="(\d+)"/.exec(event.detail.serverResponse || "");
    if (found && live && live.dataset.status !== "waiting" && parseInt(found[1], 10) < liveVersion()) {
      event.detail.shouldSwap = false;
    }
  });

  // "The game moved on": fetch the current view (the page may have missed a push). Heard on the
  // request itself, as site.js does: a push may have replaced the control meanwhile.
  document.addEventListener("htmx:beforeSend", (event) => {
    const xhr = event.detail.xhr;
    xhr.addEventListener("load", () => {
      if (xhr.status === 409 && document.getElementById("live")) {
        htmx.ajax("GET", window.location.pathname, { target: "#live", swap: "outerHTML" });
      }
    });
  });

  // A move's answer that never arrived (the connection dropped): the move may have been made,
  // and this page's socket doesn't redraw its own moves, so fetch the current view.
  document.addEventListener("htmx:sendError", () => {
    if (document.getElementById("live")) {
      htmx.ajax("GET", window.location.pathname, { target: "#live", swap: "outerHTML" });
    }
  });

  // This seat's messages ("Too late!", why a card can't be played) show at the top of the page
  // and again next to the cards, where a child's eyes are.
  function mirrorFlash() {
    const flash = document.getElementById("flash");
    const near = document.querySelector("#live .board-message");
    if (!flash || !near) return;
    near.textContent = flash.hidden ? "" : flash.textContent;
    near.hidden = flash.hidden || !flash.textContent;
  }

  // A card you can't play says why, in the message areas, when you press it.
  document.addEventListener("click", (event) => {
    const blocked = event.target.closest("[aria-disabled='true'][data-reason]");
    if (!blocked) return;
    event.preventDefault();
    const flash = document.getElementById("flash");
    if (flash) {
      flash.textContent = blocked.dataset.reason;
      flash.hidden = false;
      mirrorFlash();
    }
  });

  // Clear an old message once the game moves on.
  let shownVersion = liveVersion();
  document.addEventListener("htmx:afterSettle", () => {
    const version = liveVersion();
    if (version !== shownVersion) {
      shownVersion = version;
      const flash = document.getElementById("flash");
      if (flash && !flash.dataset.fresh) flash.hidden = true;
    }
    startCountdowns();
    mirrorFlash();
    restoreFocus();
  });
  document.addEventListener("htmx:wsAfterMessage", (event) => {
    const flash = document.getElementById("flash");
    if (flash && /id="flash"/.test(event.detail.message)) {
      flash.hidden = false;
    }
    startCountdowns();
    mirrorFlash();
    restoreFocus();
  });

  // Countdowns are for people only: the server alone decides when the table acts.
  function startCountdowns() {
    document.querySelectorAll(".countdown[data-ms]:not([data-started])").forEach((box) => {
      box.dataset.started = "1";
      const total = parseInt(box.dataset.ms, 10);
      const end = performance.now() + total;
      const seconds = box.querySelector(".countdown-seconds");
      const bar = box.querySelector(".countdown-bar span");
      function tick() {
        if (!box.isConnected) return;
        const left = Math.max(0, end - performance.now());
        if (seconds) seconds.textContent = (left / 1000).toFixed(1);
        if (bar) bar.style.width = (total ? (100 * left) / total : 0) + "%";
        if (left > 0) requestAnimationFrame(tick);
      }
      tick();
    });
  }
  document.addEventListener("DOMContentLoaded", startCountdowns);

  // ----- Keyboard play ---------------------------------------------------------------------------
  // The skip link at the top of the page ("Skip to your cards and moves") puts the focus on the
  // first move itself, so one Tab and Enter reach it from the top of any match page.
  document.addEventListener("click", (event) => {
    const skip = event.target.closest("[data-skip-to-move]");
    const live = document.getElementById("live");
    if (!skip || !live) return;
    event.preventDefault();
    let target = slapTarget() || document.querySelector(MOVES);
    if (!target) {
      live.tabIndex = -1;
      target = live;
    }
    target.focus({ preventScroll: true });
    target.scrollIntoView({ block: "nearest" });
  });

  function isRealtime() {
    const live = document.getElementById("live");
    return !!live && live.classList.contains("live-realtime");
  }

  // The card Space slaps when nothing is focused: the lowest creature among the cards this seat
  // may slap (an action card such as the Electric Eel counts as lowest: it rules a frenzy).
  function slapTarget() {
    if (!isRealtime()) return null;
    const slots = [...document.querySelectorAll("#live .chomp-cards [data-rank]")];
    let best = null;
    let bestRank = Infinity;
    for (const slot of slots) {
      const button = slot.querySelector("button[ws-send]:not([aria-disabled='true'])");
      const rank = parseInt(slot.dataset.rank || "0", 10);
      if (button && rank < bestRank) {
        best = button;
        bestRank = rank;
      }
    }
    return best || document.querySelector("#live .move-slap, #live button.card[ws-send]");
  }

  // Cards, in the order the page shows them: arrow keys move between them.
  const CARDS = "#live button.card, #live .card-multi .card-action";

  function visibleCards() {
    return [...document.querySelectorAll(CARDS)].filter((card) => card.offsetParent !== null);
  }

  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const active = document.activeElement;
    const typing = active && active.matches("input, select, textarea, [contenteditable]");
    if (typing) return;
    const arrows = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    if (event.key in arrows) {
      const cards = visibleCards();
      const here = cards.indexOf(active);
      if (here < 0 && !(isRealtime() && cards.length && !active.matches("button, a, summary"))) return;
      event.preventDefault();
      const next = here < 0 ? 0 : (here + arrows[event.key] + cards.length) % cards.length;
      cards[next].focus();
      return;
    }
    // Real-time games: Space or Enter with no button focused slaps, so a quick child doesn't
    // have to aim (and the page never scrolls away from the cards). A focused button or link
    // answers to Space and Enter itself.
    if (event.key !== " " && event.key !== "Enter") return;
    if (!isRealtime()) return;
    if (active && active.matches("button, a, summary, [role='button']")) return;
    event.preventDefault();
    const slap = slapTarget();
    if (slap) slap.click();
  });

  // ----- Said to screen readers after each update ---------------------------------------------
  // #live-news (a polite live region outside #live) says what changed since this page last
  // showed the game, and nothing else: the moves made since (the feed items whose data-index,
  // the move's place in the log, is at least the version shown before: a push may bring several
  // moves at once, a bot answering), oldest first, in the feed's words; then whose turn it is
  // now (the turn line's data-news-turn); then, when this change ended the game, its outcome
  // (the finished panel's data-news-outcome) unless a move already said it (data-game-over).
  // The first load says nothing (the page itself is read), nor does a redraw of the same
  // version (a language switch, a reconnect, a seat changing hands); a refused move is #flash's.
  // A lesson (games/_coach.html) adds what the coach says now, when it changed, last.
  const NEWS_MOVES = 6; // at most this many feed lines at once (the newest): a summary, not a replay
  let heard = null; // {version, status, turn} of what the page showed when it last spoke

  function showing() {
    const live = document.getElementById("live");
    if (!live) return null;
    const turn = live.querySelector("[data-news-turn]");
    return {
      live,
      version: parseInt(live.dataset.version || "-1", 10),
      status: live.dataset.status || "",
      turn: turn ? turn.dataset.newsTurn : "",
      coach: coachSays(live),
    };
  }

  function coachSays(live) {
    const say = live.querySelector("#coach-say");
    return say ? say.textContent.replace(/\s+/g, " ").trim() : "";
  }

  // What changed from `before` to `now`: the moves' lines (oldest first), whose turn it is now
  // (said after moves, or when it changed: not after a move the reader may not see), how the
  // game ended.
  function newsSince(before, now) {
    const lines = [...now.live.querySelectorAll(".feed-list li[data-index]")]
      .filter((line) => parseInt(line.dataset.index, 10) >= before.version)
      .reverse(); // the feed lists the newest first
    const moves = lines.map((line) => line.textContent.replace(/\s+/g, " ").trim()).filter(Boolean);
    let outcome = "";
    if (now.status === "finished" && before.status !== "finished" && !lines.some((line) => line.hasAttribute("data-game-over"))) {
      const finished = now.live.querySelector("[data-news-outcome]");
      outcome = finished ? finished.dataset.newsOutcome || "" : "";
    }
    const coach = now.coach !== before.coach ? now.coach : "";
    return { moves, turn: now.turn, turnChanged: now.turn !== before.turn, outcome, coach };
  }

  // The region is emptied, then filled a moment later: a screen reader then says the new text
  // even when it is word for word the last one ("Bo passed. Your turn."). Changes arriving in
  // that moment are said together: all their moves, and only the newest turn.
  let speaking = null;
  function say(news) {
    const region = document.getElementById("live-news");
    if (!region) return;
    if (speaking) {
      clearTimeout(speaking.timer);
      const earlier = speaking.news;
      news = {
        moves: [...earlier.moves, ...news.moves],
        turn: news.turn,
        turnChanged: earlier.turnChanged || news.turnChanged,
        outcome: earlier.outcome || news.outcome,
        coach: news.coach || earlier.coach,
      };
    }
    const turn = news.moves.length || news.turnChanged ? news.turn : "";
    const text = [...news.moves.slice(-NEWS_MOVES), turn, news.outcome, news.coach].filter(Boolean).join(" ");
    if (!text) return;
    region.textContent = "";
    speaking = {
      news,
      timer: setTimeout(() => {
        region.textContent = text;
        speaking = null;
      }, 60),
    };
  }

  function announce() {
    const now = showing();
    if (!now || now.status === "left") return;
    const before = heard;
    heard = { version: now.version, status: now.status, turn: now.turn, coach: now.coach };
    if (!before || now.status === "waiting") return;
    if (now.version < before.version || (now.version === before.version && now.status === before.status)) {
      heard = before; // an older or the same view: nothing new
      return;
    }
    say(newsSince(before, now));
  }
  document.addEventListener("htmx:afterSettle", announce);
  document.addEventListener("htmx:wsAfterMessage", announce);
  announce(); // what the page shows as it loads: said by the page itself
})();
