// Small site-wide behaviour. Game pages add their own scripts.
// htmx sends the CSRF token from the hx-headers attribute on <body>.
// A refused request shows the server's plain message (4xx bodies are written for people) instead
// of failing silently. Heard on the request itself, not on htmx:responseError: when a push has
// replaced the control meanwhile (a teacher's dashboard redrawn as the refusal comes back), htmx
// fires its events on the detached control, where no listener hears them.
function showRefusal(xhr) {
  const target = document.getElementById("flash");
  if (!target) return;
  // The fallback comes in the page's language (templates/base.html).
  const fallback = document.body.dataset.errorText || "Something went wrong. Please try again.";
  target.textContent = xhr.responseText || fallback;
  target.hidden = false;
}
// And an action that worked (a POST: a control, a move) hides the last refusal, as its answer's
// out-of-band #flash would, which htmx drops too when a push replaced the control meanwhile.
function hideRefusal() {
  const target = document.getElementById("flash");
  if (!target || target.dataset.fresh) return;
  target.hidden = true;
  target.textContent = "";
}
document.addEventListener("htmx:beforeSend", (event) => {
  const xhr = event.detail.xhr;
  const verb = (event.detail.requestConfig && event.detail.requestConfig.verb) || "get";
  xhr.addEventListener("load", () => {
    if (xhr.status >= 400) showRefusal(xhr);
    else if (verb !== "get") hideRefusal();
  });
});

// A box that scrolls (a wide table on a phone, a long "What happened" list) can be reached and
// scrolled with the keyboard: while its content overflows it takes focus. A <div> box also becomes
// a region named by its table's caption (a list keeps its list role).
const SCROLL_BOXES = ".table-scroll, .feed-list";
function keyboardScrollBoxes(root) {
  const boxes = [...(root.querySelectorAll ? root.querySelectorAll(SCROLL_BOXES) : [])];
  if (root.matches && root.matches(SCROLL_BOXES)) boxes.push(root);
  for (const box of boxes) {
    const overflows = box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1;
    if (overflows && box.getAttribute("tabindex") === null) {
      box.setAttribute("tabindex", "0");
      box.dataset.scrollBox = "";
      if (box.tagName === "DIV") {
        const caption = box.querySelector("caption");
        box.setAttribute("role", "region");
        box.setAttribute("aria-label", caption ? caption.textContent.trim() : document.title);
      }
    } else if (!overflows && box.dataset.scrollBox !== undefined) {
      box.removeAttribute("tabindex");
      box.removeAttribute("role");
      box.removeAttribute("aria-label");
      delete box.dataset.scrollBox;
    }
  }
}
document.addEventListener("htmx:load", (event) => keyboardScrollBoxes(event.detail.elt));
document.addEventListener("DOMContentLoaded", () => keyboardScrollBoxes(document));
window.addEventListener("resize", () => keyboardScrollBoxes(document));

// A socket that dropped (a server restarting, a deploy) tries again within 4 s, with jitter so
// thirty pages do not knock at once. htmx's own "full-jitter" doubles up to 64 s: a page could
// sit on "reconnecting…" for a minute after the server was back.
if (window.htmx) {
  htmx.config.wsReconnectDelay = (retryCount) =>
    Math.min(1000 * 2 ** retryCount, 4000) * (0.5 + Math.random() / 2);
}
