/* Dial editors: add and remove rows, and a live preview of a combat dial in the colours of
   the read-only table (its classes in admin.css). Without this script the same form still works (blank rows, remove
   boxes). */
(function () {
  "use strict";

  function rows(editor) {
    return Array.prototype.slice.call(editor.querySelectorAll("tbody tr.dial-row"));
  }

  function renumber(editor) {
    rows(editor).forEach(function (row, i) {
      var cell = row.querySelector(".click-number");
      if (cell) { cell.firstChild.nodeValue = String(i + 1); }
    });
  }

  function cloneRow(editor, template) {
    var name = editor.dataset.name;
    var ids = rows(editor).map(function (r) { return parseInt(r.dataset.row, 10); });
    var id = String(Math.max.apply(null, ids.concat([template.dataset.row | 0])) + 1);
    var row = template.cloneNode(true);
    var old = name + "-" + template.dataset.row + "-";
    row.dataset.row = id;
    row.classList.remove("blank-row");
    row.querySelectorAll("input, select").forEach(function (input) {
      if (input.name === name + "-row") { input.value = id; return; }
      input.name = input.name.replace(old, name + "-" + id + "-");
      if (input.type === "checkbox") { input.checked = false; } else { input.value = ""; }
    });
    row.querySelectorAll(".errorlist").forEach(function (e) { e.remove(); });
    return row;
  }

  function el(tag, text) {
    var node = document.createElement(tag);
    if (text !== undefined) { node.textContent = text; }
    return node;
  }

  function preview(editor) {
    var target = editor.querySelector(".preview-table");
    if (!target) { return; }
    var colours = JSON.parse(editor.dataset.colours || "{}");
    var labels = JSON.parse(editor.dataset.markers || "{}");
    var heads = Array.prototype.slice.call(editor.querySelectorAll("thead th[data-stat]"));
    var table = el("table");
    table.className = "muster-dial";
    var head = el("tr");
    head.appendChild(el("th", "Click"));
    heads.forEach(function (th) { head.appendChild(el("th", th.firstChild.nodeValue)); });
    head.appendChild(el("th", "Markers"));
    table.appendChild(el("thead")).appendChild(head);
    var body = table.appendChild(el("tbody"));
    var n = 0;
    rows(editor).forEach(function (row) {
      var values = row.querySelectorAll(".dial-value");
      var filled = Array.prototype.some.call(values, function (v) { return v.value !== ""; }) ||
        row.querySelector("[data-marker]:checked");
      if (!filled) { return; }
      n += 1;
      var tr = el("tr");
      tr.appendChild(el("td", String(n)));
      row.querySelectorAll(".dial-cell").forEach(function (cell) {
        var value = cell.querySelector(".dial-value").value;
        var key = cell.querySelector(".dial-colour").value;
        var td = el("td", value === "" ? "—" : value);
        var ability = colours[key];
        if (ability) {
          if (ability.css) { td.className = ability.css; }
          td.title = ability.name;
          td.appendChild(document.createTextNode(" "));
          td.appendChild(el("small", "(" + ability.name + ")"));
        }
        tr.appendChild(td);
      });
      var marks = [];
      row.querySelectorAll("[data-marker]:checked").forEach(function (box) {
        var label = labels[box.dataset.marker];
        if (box.dataset.marker === "bail_out") {
          var bail = row.querySelector("[name$='-bail_out_value']").value;
          if (bail) { label = "bail out " + bail; }
        }
        marks.push(label);
      });
      if (marks.length) { tr.className = "marked"; }
      tr.appendChild(el("td", marks.join(", ")));
      body.appendChild(tr);
    });
    target.replaceChildren(table);
    editor.querySelector(".muster-dial-preview").hidden = n === 0;
  }

  // Cells are painted by the colour classes of admin.css: the site's content security
  // policy allows no inline style.
  function tint(editor) {
    var colours = JSON.parse(editor.dataset.colours || "{}");
    editor.querySelectorAll(".dial-cell").forEach(function (cell) {
      var ability = colours[cell.querySelector(".dial-colour").value];
      Array.prototype.slice.call(cell.classList).forEach(function (name) {
        if (name.indexOf("muster-clr-") === 0) { cell.classList.remove(name); }
      });
      if (ability && ability.css) { cell.classList.add(ability.css); }
    });
  }

  function setUp(editor) {
    var body = editor.querySelector("tbody");
    var blanks = editor.querySelectorAll("tr.blank-row");
    var template = blanks[0];
    if (!template) { return; }
    blanks.forEach(function (row) { row.remove(); });
    editor.querySelectorAll(".dial-remove").forEach(function (box) { box.closest("label").hidden = true; });
    function removeButton(row) {
      var box = row.querySelector(".dial-remove");
      var button = el("button", "×");
      button.title = editor.dataset.editor === "speed" ? "Remove this speed" : "Remove this click";
      button.setAttribute("aria-label", button.title);
      button.type = "button";
      button.className = "button dial-remove-button";
      button.addEventListener("click", function () { row.remove(); renumber(editor); update(); });
      box.closest("td").appendChild(button);
    }
    function update() {
      if (editor.dataset.editor === "combat") { tint(editor); preview(editor); }
    }
    rows(editor).forEach(removeButton);
    var add = el("button", editor.dataset.editor === "speed" ? "Add speed" : "Add click");
    add.type = "button";
    add.className = "button dial-add";
    function addRow(focus) {
      var row = cloneRow(editor, template);
      body.appendChild(row);
      removeButton(row);
      renumber(editor);
      update();
      var first = row.querySelector("input[type=number]");
      if (first && focus) { first.focus(); }
    }
    add.addEventListener("click", function () { addRow(true); });
    editor.querySelector("table").after(add);
    editor.addEventListener("input", update);
    editor.addEventListener("change", update);
    if (!rows(editor).length) { addRow(false); }
    editor.querySelector(".help").textContent = editor.dataset.editor === "speed"
      ? "Lowest speed first." : "A blank value is a click that shows none (KO).";
    update();
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll(".muster-dial-editor").forEach(setUp);
  });
})();
