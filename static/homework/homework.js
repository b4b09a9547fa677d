// Homework pages: a new assignment's dates are typed in the teacher's own time zone, which the
// browser knows (the server then reads the dates in it and shows them to students in it).
(function () {
  "use strict";
  document.addEventListener("DOMContentLoaded", () => {
    const field = document.querySelector("input[name='time_zone']");
    let zone = "";
    try {
      zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "";
    } catch (error) {
      zone = "";
    }
    if (!field || !zone) return;
    field.value = zone;
    document.querySelectorAll("[data-time-zone-name]").forEach((name) => {
      name.textContent = zone;
    });
  });
})();
