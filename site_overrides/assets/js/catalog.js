/* The device catalog: text search, facets (market, kind, vendor), numeric ranges, a precision
 * choice for the rate column, sorting (numbers largest first on the first click), and picks for
 * the compare page. Every choice lives in the page address, so a reload or a shared link shows
 * the same view. Works with and without instant navigation. */
(function () {
  "use strict";

  var FACETS = ["market", "kind", "vendor"];
  var RANGES = ["year", "mem", "bw", "rate", "tdp", "achieved"];
  var DEFAULT_RATE = "half_matrix";
  // Columns where on-chip SRAM rows are listed apart from HBM/GDDR/DRAM ones.
  var SRAM_APART = { mem: true, bw: true };
  // The text filter's address parameter: not "q", which the theme's search reads and answers
  // with its overlay; main.html moves an old link's "q" to "find" before the theme starts.
  var TEXT_PARAM = "find";

  function format(value) {
    return window.xpurefPage.formatNumber(value, 6);
  }

  function parseRates(row) {
    var out = {};
    (row.getAttribute("data-rates") || "").split(";").forEach(function (pair) {
      var at = pair.indexOf("=");
      if (at > 0) out[pair.slice(0, at)] = parseFloat(pair.slice(at + 1));
    });
    return out;
  }

  function numberIn(cell) {
    var raw = cell ? cell.getAttribute("data-sort") : "";
    var n = raw === null || raw === "" ? NaN : parseFloat(raw);
    return isNaN(n) ? null : n;
  }

  // ---- sorting -------------------------------------------------------------------------------

  function sortRows(table, index, type, descending, apart) {
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    rows.forEach(function (row, i) { row.xpurefOrder = row.xpurefOrder === undefined ? i : row.xpurefOrder; });
    function key(row) {
      var cell = row.cells[index];
      if (type === "number") {
        var n = numberIn(cell);
        var group = n === null ? 2 : (apart && row.hasAttribute("data-onchip") ? 1 : 0);
        return { group: group, value: n };
      }
      var text = cell ? (cell.getAttribute("data-sort") || cell.textContent).trim().toLowerCase() : "";
      return { group: text ? 0 : 2, value: text };
    }
    rows.sort(function (a, b) {
      var x = key(a), y = key(b);
      if (x.group !== y.group) return x.group - y.group;  // off-chip, then on-chip, then missing
      if (x.group === 2 || x.value === y.value) return a.xpurefOrder - b.xpurefOrder;
      var order = x.value < y.value ? -1 : 1;
      return descending ? -order : order;
    });
    rows.forEach(function (row) { body.appendChild(row); });
  }

  function headButtons(table) {
    var heads = table.tHead ? table.tHead.rows[0].cells : [];
    Array.prototype.forEach.call(heads, function (th) {
      if (th.getAttribute("data-type") === "none" || th.querySelector("button")) return;
      var button = document.createElement("button");
      button.type = "button";
      button.className = "xpuref-sort";
      while (th.firstChild) button.appendChild(th.firstChild);
      th.appendChild(button);
      th.setAttribute("aria-sort", "none");
    });
    return heads;
  }

  function applySort(table, th, descending) {
    var heads = table.tHead.rows[0].cells;
    Array.prototype.forEach.call(heads, function (h) {
      if (h.hasAttribute("aria-sort")) h.setAttribute("aria-sort", "none");
    });
    th.setAttribute("aria-sort", descending ? "descending" : "ascending");
    var index = Array.prototype.indexOf.call(heads, th);
    sortRows(table, index, th.getAttribute("data-type") || "text", descending,
      !!SRAM_APART[th.getAttribute("data-key")]);
  }

  // A table with sortable headings but no catalog controls (kept for other pages).
  function makeSortable(table, onSort) {
    var heads = headButtons(table);
    Array.prototype.forEach.call(heads, function (th) {
      var button = th.querySelector("button.xpuref-sort");
      if (!button) return;
      button.addEventListener("click", function () {
        var now = th.getAttribute("aria-sort");
        var numeric = th.getAttribute("data-type") === "number";
        // Numbers: largest first on the first click; text: A to Z first.
        var descending = now === "none" ? numeric : now === "ascending";
        applySort(table, th, descending);
        if (onSort) onSort(th.getAttribute("data-key"), descending);
      });
    });
  }

  // ---- the catalog ---------------------------------------------------------------------------

  function setUpCatalog(form) {
    var table = document.getElementById(form.getAttribute("data-for"));
    if (!table) return;
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    rows.forEach(function (row, i) { row.xpurefOrder = i; row.xpurefRates = parseRates(row); });
    var text = form.querySelector(".xpuref-filter-text");
    var rateChoice = form.querySelector(".xpuref-rate-choice");
    var count = form.querySelector(".xpuref-count");
    var empty = document.querySelector(".xpuref-catalog-empty");
    var rateHead = table.querySelector("th.xpuref-rate-head");
    var heads = table.tHead.rows[0].cells;
    var columns = {};
    Array.prototype.forEach.call(heads, function (th, i) {
      if (th.getAttribute("data-key")) columns[th.getAttribute("data-key")] = i;
    });
    var sort = { key: null, descending: false };

    function rangeInputs(key) {
      return [form.querySelector("input[name='" + key + "_min']"), form.querySelector("input[name='" + key + "_max']")];
    }

    function showRate() {
      var key = rateChoice.value;
      var option = rateChoice.options[rateChoice.selectedIndex];
      var unit = option ? option.getAttribute("data-unit") : "TFLOPS";
      var label = option ? option.textContent.replace(/\s*\([^)]*\)$/, "") : key;
      var button = rateHead.querySelector("button") || rateHead;
      button.textContent = label + " (" + unit + ")";
      var unitLabel = form.querySelector("fieldset[data-range='rate'] .xpuref-range-unit");
      if (unitLabel) unitLabel.textContent = unit;
      var legend = form.querySelector("fieldset[data-range='rate'] legend");
      if (legend && legend.firstChild) legend.firstChild.textContent = label + " (";
      rows.forEach(function (row) {
        var cell = row.cells[columns.rate];
        var value = row.xpurefRates[key];
        if (value === undefined || isNaN(value)) {
          cell.textContent = "—";
          cell.setAttribute("data-sort", "");
        } else {
          cell.textContent = format(value);
          cell.setAttribute("data-sort", String(value));
        }
      });
    }

    function checked(name) {
      return Array.prototype.slice.call(form.querySelectorAll("input[type=checkbox][name='" + name + "']:checked"))
        .map(function (box) { return box.value; });
    }

    function limits(key) {
      var inputs = rangeInputs(key);
      var lo = inputs[0] && inputs[0].value !== "" ? parseFloat(inputs[0].value) : null;
      var hi = inputs[1] && inputs[1].value !== "" ? parseFloat(inputs[1].value) : null;
      return [lo !== null && isNaN(lo) ? null : lo, hi !== null && isNaN(hi) ? null : hi];
    }

    function filter() {
      var words = (text.value || "").toLowerCase().split(/\s+/).filter(Boolean);
      var facets = {};
      FACETS.forEach(function (name) { facets[name] = checked(name); });
      var ranges = {};
      RANGES.forEach(function (key) { ranges[key] = limits(key); });
      var shown = 0;
      rows.forEach(function (row) {
        var search = row.getAttribute("data-search") || "";
        var ok = words.every(function (w) { return search.indexOf(w) !== -1; });
        FACETS.forEach(function (name) {
          if (ok && facets[name].length && facets[name].indexOf(row.getAttribute("data-" + name)) === -1) ok = false;
        });
        RANGES.forEach(function (key) {
          var lim = ranges[key];
          if (!ok || (lim[0] === null && lim[1] === null)) return;
          var value = numberIn(row.cells[columns[key]]);
          if (value === null || (lim[0] !== null && value < lim[0]) || (lim[1] !== null && value > lim[1])) ok = false;
        });
        row.hidden = !ok;
        if (ok) shown += 1;
      });
      var say = window.xpurefPage.say;
      if (count) count.textContent = say("xpuref-catalog-text", shown === 1 ? "count_one" : "count", { count: shown });
      if (empty) empty.hidden = shown !== 0;
      form.querySelectorAll("details.xpuref-facet").forEach(function (details) {
        var n = checked(details.getAttribute("data-facet")).length;
        details.querySelector(".xpuref-facet-chosen").textContent = n ? say("xpuref-catalog-text", "chosen", { count: n }) : "";
      });
    }

    function writeUrl() {
      window.xpurefPage.writeParams(function (params) {
        if (text.value.trim()) params.set(TEXT_PARAM, text.value.trim());
        if (rateChoice.value !== DEFAULT_RATE) params.set("rate", rateChoice.value);
        FACETS.forEach(function (name) {
          var values = checked(name);
          if (values.length) params.set(name, values.join(","));
        });
        RANGES.forEach(function (key) {
          var inputs = rangeInputs(key);
          if (inputs[0] && inputs[0].value !== "") params.set(key + "_min", inputs[0].value);
          if (inputs[1] && inputs[1].value !== "") params.set(key + "_max", inputs[1].value);
        });
        if (sort.key) {
          params.set("sort", sort.key);
          params.set("order", sort.descending ? "desc" : "asc");
        }
      }, true);
    }

    function readUrl() {
      var params = window.xpurefPage.readParams();
      text.value = params.get(TEXT_PARAM) || params.get("q") || "";
      var rate = params.get("rate");
      rateChoice.value = DEFAULT_RATE;
      if (rate && rateChoice.querySelector("option[value='" + CSS.escape(rate) + "']")) rateChoice.value = rate;
      FACETS.forEach(function (name) {
        var values = (params.get(name) || "").split(",").filter(Boolean);
        form.querySelectorAll("input[type=checkbox][name='" + name + "']").forEach(function (box) {
          box.checked = values.indexOf(box.value) !== -1;
        });
        if (values.length) form.querySelector("details[data-facet='" + name + "']").open = true;
      });
      RANGES.forEach(function (key) {
        var inputs = rangeInputs(key);
        ["_min", "_max"].forEach(function (end, i) {
          var raw = params.get(key + end);
          if (inputs[i]) inputs[i].value = raw !== null && !isNaN(parseFloat(raw)) ? raw : "";
        });
      });
      var key = params.get("sort");
      // Allow-list: only a column this table has (never a name the object inherits).
      if (key && Object.prototype.hasOwnProperty.call(columns, key)) {
        sort = { key: key, descending: params.get("order") === "desc" };
      }
    }

    function refresh() {
      filter();
      if (sort.key) applySort(table, heads[columns[sort.key]], sort.descending);
      writeUrl();
    }

    makeSortable(table, function (key, descending) {
      sort = { key: key, descending: descending };
      writeUrl();
    });
    readUrl();
    showRate();
    refresh();

    text.addEventListener("input", refresh);
    rateChoice.addEventListener("change", function () { showRate(); refresh(); });
    form.addEventListener("change", function (event) {
      if (event.target !== rateChoice) refresh();
    });
    form.querySelectorAll("input[type=number]").forEach(function (input) {
      input.addEventListener("input", refresh);
    });
    form.addEventListener("submit", function (event) { event.preventDefault(); });
    document.querySelectorAll(".xpuref-filter-reset").forEach(function (button) {
      button.addEventListener("click", function () {
        text.value = "";
        form.querySelectorAll("input[type=checkbox]").forEach(function (box) { box.checked = false; });
        form.querySelectorAll("input[type=number]").forEach(function (input) { input.value = ""; });
        refresh();
      });
    });
    setUpPicks(table);
  }

  // ---- picks for the compare page ------------------------------------------------------------

  function setUpPicks(table) {
    var link = document.querySelector(".xpuref-compare-go");
    if (!link) return;
    var n = link.querySelector(".xpuref-compare-n");
    var base = link.getAttribute("data-base");
    var picked = [];
    function update() {
      link.setAttribute("href", base + (picked.length ? "?ids=" + picked.map(encodeURIComponent).join(",") : ""));
      n.textContent = String(picked.length);
      link.setAttribute("aria-disabled", picked.length ? "false" : "true");
    }
    table.querySelectorAll("input[data-compare-pick]").forEach(function (box) {
      box.checked = false;
      box.addEventListener("change", function () {
        var at = picked.indexOf(box.value);
        if (box.checked && at === -1) picked.push(box.value);
        if (!box.checked && at !== -1) picked.splice(at, 1);
        update();
      });
    });
    update();
  }

  function init() {
    document.querySelectorAll("form.xpuref-catalog-filters:not([data-ready])").forEach(function (form) {
      form.setAttribute("data-ready", "1");
      setUpCatalog(form);
    });
    document.querySelectorAll("table.xpuref-sortable:not([data-ready])").forEach(function (t) {
      t.setAttribute("data-ready", "1");
      if (!t.querySelector("button.xpuref-sort")) makeSortable(t);
    });
  }

  window.xpurefPage.onPage(init);
})();
