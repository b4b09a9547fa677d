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
