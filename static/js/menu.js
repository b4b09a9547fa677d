// The phone header's "Menu" button: it shows and hides the main navigation (aria-expanded says
// which). Escape closes the menu and gives the focus back to the button. On a wide screen the
// button is not shown and the navigation is always there (site.css).
// Deferred: the page never waits for it. The header is drawn folded from the start
// (templates/base.html, site.css), so the page does not move when this runs; it only wires the
// button. Without JavaScript, css/nav-noscript.css unfolds the navigation and hides the button.
(function () {
  function setUpMenu() {
    const button = document.querySelector(".menu-toggle");
    const header = button && button.closest(".site-header");
    const nav = button && document.getElementById(button.getAttribute("aria-controls"));
    if (!header || !nav) return;
    const open = (yes) => {
      button.setAttribute("aria-expanded", yes ? "true" : "false");
      header.classList.toggle("menu-open", yes);
    };
    button.addEventListener("click", () => open(button.getAttribute("aria-expanded") !== "true"));
    header.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && button.getAttribute("aria-expanded") === "true") {
        open(false);
        button.focus();
      }
    });
    // A tap or a focus elsewhere on the page closes it.
    document.addEventListener("click", (event) => {
      if (!header.contains(event.target)) open(false);
    });
    document.addEventListener("focusin", (event) => {
      if (!header.contains(event.target)) open(false);
    });
  }
  setUpMenu();
})();
