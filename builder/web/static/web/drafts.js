/* The builder's unsaved work: kept in this browser for a player who is not signed in,
   offered back on return (after signing in too), and a warning before leaving with
   changes. The server says after each change whether the list differs from the last saved
   one (the "muster-draft" event of its HX-Trigger headers); the list itself travels in
   #export-document. A signed-in player's drafts are kept by the server. */
(function () {
  "use strict";

  const root = document.getElementById("drafts");
  if (!root) {
    return;
  }
  const storeKey = "muster-draft:" + root.dataset.key;
  const signedIn = root.dataset.signedIn === "true";
  const browserNotice = document.getElementById("draft-browser-notice");
  const problem = document.getElementById("draft-problem");
  let changed = root.dataset.changed === "true";
  let exporting = false;

  function currentDocument() {
    const field = document.getElementById("export-document");
    if (!field) {
      return null;
    }
    try {
      return JSON.parse(field.value);
    } catch (error) {
      return null;
    }
  }

  function readStored() {
    try {
      const kept = JSON.parse(window.localStorage.getItem(storeKey) || "null");
      return kept && typeof kept.document === "object" && kept.document ? kept : null;
    } catch (error) {
      return null;
    }
  }

  function forget() {
    try {
      window.localStorage.removeItem(storeKey);
    } catch (error) {
      /* storage blocked: nothing was kept */
    }
  }

  function keep() {
    const doc = currentDocument();
    if (!doc) {
      return;
    }
    try {
      window.localStorage.setItem(
        storeKey,
        JSON.stringify({ saved_at: new Date().toISOString(), document: doc })
      );
    } catch (error) {
      showProblem("Unsaved changes are not kept: this browser refuses to store them.");
    }
  }

  function showProblem(text) {
    problem.textContent = text;
    problem.hidden = !text;
  }

  function hideOffers() {
    const notice = document.getElementById("draft-notice");
    if (notice) {
      notice.hidden = true;
    }
    browserNotice.hidden = true;
  }

  function offerStored() {
    const kept = readStored();
    if (!kept || root.dataset.offered === "true") {
      return;
    }
    const doc = currentDocument();
    if (doc && JSON.stringify(doc) === JSON.stringify(kept.document)) {
      return;
    }
    browserNotice.querySelector(".draft-name").textContent =
      typeof kept.document.name === "string" && kept.document.name ? kept.document.name : "a list";
    const time = browserNotice.querySelector(".draft-time");
    const when = new Date(kept.saved_at);
    if (!isNaN(when.getTime())) {
      time.dateTime = when.toISOString();
      time.textContent = when.toLocaleString("en-GB", {
        dateStyle: "long",
        timeStyle: "short",
      });
    }
    browserNotice.hidden = false;
  }

  document.getElementById("draft-browser-restore").addEventListener("click", function () {
    const kept = readStored();
    hideOffers();
    if (!kept || !window.htmx) {
      return;
    }
    window.htmx.ajax("POST", root.dataset.url, {
      source: "#builder-form",
      target: "#builder",
      swap: "innerHTML",
      values: { action: "draft-restore", draft: JSON.stringify(kept.document) },
    });
  });

  document.getElementById("draft-browser-discard").addEventListener("click", function () {
    forget();
    hideOffers();
  });

  document.body.addEventListener("muster-draft", function (event) {
    const detail = event.detail || {};
    const restoring = detail.restored === true;
    changed = detail.changed === true;
    showProblem(detail.problem || "");
    hideOffers();
    if (signedIn) {
      if (restoring || (detail.problem && !changed)) {
        forget(); /* restored: the server keeps it now */
      }
      return;
    }
    if (changed && !detail.problem) {
      keep();
    } else if (!changed) {
      forget();
    }
  });

  const exportForm = document.getElementById("export-form");
  if (exportForm) {
    /* The export downloads a file and the page stays: the one beforeunload its form
       submission raises asks nothing. */
    exportForm.addEventListener("submit", function () {
      exporting = true;
    });
  }

  window.addEventListener("beforeunload", function (event) {
    if (exporting) {
      exporting = false;
      return;
    }
    if (!changed) {
      return;
    }
    event.preventDefault();
    event.returnValue = "";
  });

  if (changed && !signedIn) {
    keep(); /* a page posted whole, without htmx, still keeps its changes */
  } else {
    offerStored();
  }
})();
