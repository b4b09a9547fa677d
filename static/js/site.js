// Small site-wide behaviour. Game pages add their own scripts.
// htmx sends the CSRF token from the hx-headers attribute on <body>.
document.addEventListener("htmx:responseError", (event) => {
  // Show the server's plain message (4xx bodies are written for people) instead of failing silently.
  const target = document.getElementById("flash");
  if (target && event.detail.xhr) {
    // The fallback comes in the page's language (templates/base.html).
    const fallback = document.body.dataset.errorText || "Something went wrong. Please try again.";
    target.textContent = event.detail.xhr.responseText || fallback;
    target.hidden = false;
  }
});
