/* The site's menu on a narrow screen: one line with a Menu button that opens the
   navigation. Without this script the navigation simply shows in full. */
(function () {
  "use strict";

  function setUp(nav) {
    var button = nav.querySelector(".menu-button");
    var menu = nav.querySelector("#site-menu");
    if (!button || !menu) { return; }
    function show(open) {
      nav.classList.toggle("menu-open", open);
      button.setAttribute("aria-expanded", open ? "true" : "false");
    }
    button.hidden = false;
    nav.classList.add("has-menu-button");
    button.addEventListener("click", function () {
      show(button.getAttribute("aria-expanded") !== "true");
    });
    document.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && nav.classList.contains("menu-open")) {
        show(false);
        button.focus();
      }
    });
    document.addEventListener("click", function (event) {
      if (nav.classList.contains("menu-open") && !nav.contains(event.target)) { show(false); }
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("header.site nav").forEach(setUp);
  });
})();
