// Classroom pages: a student's class bar takes them where they belong (their table, the class
// page), the new-session form shows only the chosen activity's settings, and keyboard focus
// survives live updates of the dashboard and the lesson.
(function () {
  "use strict";

  // ----- A student's class bar ------------------------------------------------------------------
  // The class socket pushes #class-bar-live with data-place (where the student belongs now),
  // data-kind (what that place is: waiting, lesson, pending, removed...), data-name (their
  // nickname, which the teacher may change), data-paused and data-go (the class page, which hands
  // their browser the seat and sends them on). On a class page or a game page that isn't their
  // place, go there; on their class page showing another kind of place (the teacher started the
  // lesson, ended the class, accepted their name), draw it again.
  function followPlace() {
    const bar = document.getElementById("class-bar-live");
    if (!bar) return;
    const paused = bar.dataset.paused === "true";
    if (wasPaused && !paused) clearStaleMessages();
    wasPaused = paused;
    document.querySelectorAll("[data-my-name]").forEach((element) => {
      if (bar.dataset.name && element.textContent !== bar.dataset.name) element.textContent = bar.dataset.name;
    });
    const place = bar.dataset.place;
    const here = window.location.pathname;
    const onClassPages = here.startsWith("/class/") || here.startsWith("/play/");
    const page = document.querySelector(".student-page[data-kind]");
    // Their own guided first game ("Learn to play first") stays open while they wait; their
    // table, once the teacher starts, takes them away from it.
    const learning = !!document.querySelector(".class-bar[data-learning]") && bar.dataset.kind === "waiting";
    if (place && onClassPages && here !== place && !learning) {
      window.location.assign(bar.dataset.go);
    } else if (page && here === place && page.dataset.kind !== bar.dataset.kind) {
      // The same page now shows another place (the lesson started, the class is over): draw the
      // student's part again in place, without reloading the whole page.
      const go = bar.dataset.go;
      htmx
        .ajax("GET", go, { target: ".student-page", select: ".student-page", swap: "outerHTML" })
        .catch(() => window.location.assign(go));
    } else if (here === place && tableNames !== null && bar.dataset.tableNames !== tableNames) {
      // A tablemate was renamed (or a bot took a seat): the game's version is the same, so its
      // own socket's redraw is not shown; fetch the game again.
      if (document.getElementById("live")) htmx.ajax("GET", here, { target: "#live", swap: "outerHTML" });
    }
    tableNames = bar.dataset.tableNames || "";
  }
  let tableNames = null;
  let wasPaused = false;

  // The class plays on: what the page said while it was paused ("Your teacher paused the game",
  // at the top and next to the cards) is stale now.
  function clearStaleMessages() {
    const flash = document.getElementById("flash");
    if (flash) {
      flash.hidden = true;
      flash.textContent = "";
      delete flash.dataset.fresh;
    }
    document.querySelectorAll("#live .board-message").forEach((near) => {
      near.hidden = true;
      near.textContent = "";
    });
  }
  document.addEventListener("htmx:oobAfterSwap", (event) => {
    if (event.detail.target && event.detail.target.id === "class-bar-live") followPlace();
  });
  document.addEventListener("DOMContentLoaded", followPlace);

  // ----- New session: only the chosen activity's settings -----------------------------------------
  function showActivity() {
    const chosen = document.querySelector("input[name='activity']:checked");
    document.querySelectorAll(".activity-fields").forEach((fields) => {
      fields.hidden = !chosen || fields.dataset.activity !== chosen.value;
    });
  }
  document.addEventListener("change", (event) => {
    if (event.target.name === "activity") showActivity();
  });
  document.addEventListener("DOMContentLoaded", () => {
    if (document.querySelector("input[name='activity']")) showActivity();
  });

  // ----- Keyboard focus through live updates -------------------------------------------------------
  // The dashboard and the lesson are redrawn by pushes and htmx answers; give the focus back to
  // the same control (its data-focus-key) in the new HTML.
  const REGIONS = ["dashboard", "lesson"];
  let wanted = null;
  document.addEventListener("focusin", (event) => {
    const region = REGIONS.map((id) => document.getElementById(id)).find((r) => r && r.contains(event.target));
    wanted = region && event.target.dataset.focusKey ? { region: region.id, key: event.target.dataset.focusKey } : null;
  });
  function restoreFocus() {
    if (!wanted) return;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    const region = document.getElementById(wanted.region);
    const target = region && region.querySelector(`[data-focus-key="${CSS.escape(wanted.key)}"]`);
    if (target) target.focus({ preventScroll: true });
  }
  document.addEventListener("htmx:afterSwap", restoreFocus);
  document.addEventListener("htmx:oobAfterSwap", restoreFocus);
  document.addEventListener("htmx:afterSettle", restoreFocus);

  // ----- The lesson's answer after "Check my meal" ---------------------------------------------------
  // The answer ("Not balanced yet: ...") is drawn under the button, often below a phone's screen:
  // once it is there, scroll it into view (only if it isn't on the screen already) and put the
  // focus on it, so a screen reader reads it and the next Tab goes on from it.
  let checking = false;
  document.addEventListener("htmx:beforeRequest", (event) => {
    checking = Boolean(event.detail.elt && event.detail.elt.closest && event.detail.elt.closest("[data-meal-check]"));
  });
  document.addEventListener("htmx:afterSettle", () => {
    if (!checking) return;
    const result = document.getElementById("meal-result");
    if (!result) return;
    checking = false;
    const box = result.getBoundingClientRect();
    const verdictFits = box.top >= 0 && box.top + 60 <= window.innerHeight;
    const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    if (!verdictFits || box.bottom > window.innerHeight) {
      result.scrollIntoView({ block: box.height > window.innerHeight ? "start" : "nearest", behavior: smooth ? "smooth" : "auto" });
    }
    result.focus({ preventScroll: true });
  });
})();
