/* The builder's entries: the one open is kept in the form's "open" field, so a redrawn
   builder (after an add, a remove or a structural change) comes back with it still open.
   Without this script the server opens the entry just added, or the first with an error. */
(function () {
  "use strict";

  var FOLDS = "details.entry-fold";

  /* A closed entry of a redrawn builder keeps its boxes in templates (the server sends
     the ticked ones as hidden fields): opening it puts the boxes in their place. */
  function unfold(fold) {
    fold.querySelectorAll("template.boxes-to-open").forEach(function (waiting) {
      var list = waiting.parentNode;
      list.querySelectorAll("input[data-until-opened]").forEach(function (kept) { kept.remove(); });
      list.replaceChild(waiting.content, waiting);
    });
  }

  function remember(event) {
    var fold = event.target;
    if (!(fold instanceof HTMLElement) || !fold.matches(FOLDS) || !fold.isConnected) { return; }
    if (fold.open) { unfold(fold); }
    var form = fold.closest("form");
    var field = form && form.querySelector("#open-entry");
    if (!field) { return; }
    var open = form.querySelector(FOLDS + "[open]");
    field.value = open ? open.getAttribute("data-index") : "";
  }

  /* htmx adds the new entries before it takes the old ones away: while both are there the
     old open entry would close its new twin (one open per name), so the old leave the group. */
  function leaveGroup(event) {
    var target = event.detail && event.detail.target;
    if (!(target instanceof HTMLElement) || target.id !== "builder") { return; }
    var xhr = event.detail.xhr;
    if (xhr && xhr.getResponseHeader("HX-Reswap") === "none") { return; }
    target.querySelectorAll(FOLDS + "[name]").forEach(function (fold) {
      fold.removeAttribute("name");
    });
  }

  /* Before the builder is drawn again, the old entries' fields are emptied in one go:
     htmx would otherwise walk every one of their controls, raising an event for each, and a
     warband holds thousands of boxes and options, most of an add's or a remove's time in the
     browser. The entry holding the focus stays, so htmx can give the focus back. */
  function lighten(event) {
    var target = event.detail && event.detail.target;
    if (!(target instanceof HTMLElement) || target.id !== "builder" || !event.detail.shouldSwap) {
      return;
    }
    var xhr = event.detail.xhr;
    if (xhr && xhr.getResponseHeader("HX-Reswap") === "none") { return; }
    target.querySelectorAll("fieldset.entry").forEach(function (fields) {
      if (!fields.contains(document.activeElement)) { fields.replaceChildren(); }
    });
  }

  /* Whatever happened to the swap, every entry is back in the one group afterwards. */
  function rejoinGroup() {
    document.querySelectorAll(FOLDS + ":not([name])").forEach(function (fold) {
      fold.setAttribute("name", "entry");
    });
  }

  document.addEventListener("toggle", remember, true);
  document.addEventListener("htmx:afterSettle", rejoinGroup);
  document.addEventListener("htmx:beforeSwap", leaveGroup);
  document.addEventListener("htmx:beforeSwap", lighten);
})();
