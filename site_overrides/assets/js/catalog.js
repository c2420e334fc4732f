/* Sort and filter the device catalog table; works with and without instant navigation. */
(function () {
  "use strict";

  function sortKey(cell, type) {
    var raw = cell.hasAttribute("data-sort") ? cell.getAttribute("data-sort") : cell.textContent;
    if (type === "number") {
      var n = parseFloat(raw);
      return isNaN(n) ? null : n;
    }
    return raw.trim().toLowerCase();
  }

  function sortBy(table, index, type, descending) {
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    rows.sort(function (a, b) {
      var x = sortKey(a.cells[index], type);
      var y = sortKey(b.cells[index], type);
      if (x === null && y === null) return 0;
      if (x === null) return 1;  // missing values always last
      if (y === null) return -1;
      var order = x < y ? -1 : x > y ? 1 : 0;
      return descending ? -order : order;
    });
    rows.forEach(function (row) { body.appendChild(row); });
  }

  function makeSortable(table) {
    var heads = table.tHead ? table.tHead.rows[0].cells : [];
    Array.prototype.forEach.call(heads, function (th, index) {
      th.setAttribute("role", "button");
      th.setAttribute("tabindex", "0");
      th.setAttribute("aria-sort", "none");
      function activate() {
        var descending = th.getAttribute("aria-sort") === "ascending";
        Array.prototype.forEach.call(heads, function (h) { h.setAttribute("aria-sort", "none"); });
        th.setAttribute("aria-sort", descending ? "descending" : "ascending");
        sortBy(table, index, th.getAttribute("data-type") || "text", descending);
      }
      th.addEventListener("click", activate);
      th.addEventListener("keydown", function (e) {
        if (e.key === "Enter" || e.key === " ") { e.preventDefault(); activate(); }
      });
    });
  }

  function makeFilterable(box) {
    var table = document.getElementById(box.getAttribute("data-for"));
    if (!table) return;
    var text = box.querySelector(".xpuref-filter-text");
    var selects = box.querySelectorAll("select.xpuref-filter");
    var count = box.querySelector(".xpuref-count");
    function apply() {
      var words = (text.value || "").toLowerCase().split(/\s+/).filter(Boolean);
      var shown = 0;
      Array.prototype.forEach.call(table.tBodies[0].rows, function (row) {
        var ok = words.every(function (w) {
          return (row.getAttribute("data-search") || "").indexOf(w) !== -1;
        });
        Array.prototype.forEach.call(selects, function (sel) {
          var want = sel.value;
          if (want && row.getAttribute("data-" + sel.getAttribute("data-column")) !== want) ok = false;
        });
        row.hidden = !ok;
        if (ok) shown += 1;
      });
      if (count) count.textContent = shown + (shown === 1 ? " device" : " devices");
    }
    text.addEventListener("input", apply);
    Array.prototype.forEach.call(selects, function (sel) { sel.addEventListener("change", apply); });
    apply();
  }

  function init() {
    document.querySelectorAll("table.xpuref-sortable:not([data-ready])").forEach(function (t) {
      t.setAttribute("data-ready", "1");
      makeSortable(t);
    });
    document.querySelectorAll(".xpuref-filters:not([data-ready])").forEach(function (box) {
      box.setAttribute("data-ready", "1");
      makeFilterable(box);
    });
  }

  if (typeof window.document$ !== "undefined" && window.document$.subscribe) {
    window.document$.subscribe(init);
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
