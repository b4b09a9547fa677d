// LTI pages an LMS frames (lti/templates/lti/). No inline script: the site's CSP forbids it.
(function () {
  "use strict";
  var framed = window.top !== window.self;

  // OIDC login: go on here if this frame may keep a cookie (pylti1p3's state cookie must come
  // back with the launch), else show the one button that opens Plateful in a new tab.
  var check = document.getElementById("lti-cookie-check");
  if (check) {
    var name = "plateful_lti_check";
    var extra = check.dataset.samesite ? "; SameSite=None; Secure" : "";
    document.cookie = name + "=1; path=/" + extra;
    var kept = document.cookie.indexOf(name + "=1") !== -1;
    document.cookie = name + "=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT" + extra;
    if (kept) {
      window.location.replace(check.dataset.onward);
    } else {
      document.getElementById("lti-checking").hidden = true;
      document.getElementById("lti-new-tab").hidden = false;
    }
  }

  // A launch opened in a window of its own goes straight on; in a frame, the button waits.
  var onward = document.getElementById("lti-continue");
  if (onward && !framed) {
    onward.target = "_self";
    onward.submit();
  }

  // The deep-linking answer goes back to the LMS at once (the button is there without script).
  var answer = document.getElementById("lti-deep-link-return");
  if (answer) {
    answer.submit();
  }
})();
