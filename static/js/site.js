// Small site-wide behaviour. Game pages add their own scripts.
// htmx sends the CSRF token from the hx-headers attribute on <body>.
document.addEventListener("htmx:responseError", (event) => {
  // Show the server's plain message (4xx bodies are written for people) instead of failing silently.
  const target = document.getElementById("flash");
  if (target && event.detail.xhr) {
    target.textContent = event.detail.xhr.responseText || "Something went wrong. Please try again.";
    target.hidden = false;
  }
});

// A box that scrolls sideways (a wide table on a phone) can be reached and scrolled with the
// keyboard: while its content overflows it takes focus and is named by its table's caption.
function keyboardScrollBoxes(root) {
  const boxes = [...(root.querySelectorAll ? root.querySelectorAll(".table-scroll") : [])];
  if (root.matches && root.matches(".table-scroll")) boxes.push(root);
  for (const box of boxes) {
    if (box.scrollWidth > box.clientWidth + 1) {
      if (box.getAttribute("tabindex") === null) {
        box.setAttribute("tabindex", "0");
        box.setAttribute("role", "region");
        const caption = box.querySelector("caption");
        box.setAttribute("aria-label", caption ? caption.textContent.trim() : document.title);
      }
    } else if (box.getAttribute("tabindex") === "0" && box.getAttribute("role") === "region") {
      box.removeAttribute("tabindex");
      box.removeAttribute("role");
      box.removeAttribute("aria-label");
    }
  }
}
document.addEventListener("htmx:load", (event) => keyboardScrollBoxes(event.detail.elt));
document.addEventListener("DOMContentLoaded", () => keyboardScrollBoxes(document));
window.addEventListener("resize", () => keyboardScrollBoxes(document));
