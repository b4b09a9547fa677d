// The phone header's "Menu" button: it shows and hides the main navigation (aria-expanded says
// which). Escape closes the menu and gives the focus back to the button. On a wide screen the
// button is not shown and the navigation is always there (site.css).
// Deferred: loaded without blocking the page (a blocking script here held back a game page's
// #live for seconds under load). The header then folds after the first paint, a layout shift
// that issue 31's item 10 still has to remove without blocking the page.
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
    button.hidden = false;
    header.classList.add("menu-ready");
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
