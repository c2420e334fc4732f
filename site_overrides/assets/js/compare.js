/* The compare page: pick 2-4 devices, see their published figures side by side with the best
 * value per row marked; the choice lives in the address (?ids=a,b,c) so a link reproduces it.
 * Every value from the data is written with textContent, never parsed as HTML. */
(function () {
  "use strict";

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }

  // The JSON sits in a <script type="application/json"> inside a <template>: instant navigation
  // re-creates live scripts without their type (running JSON as code), but not template content.
  function readJson(id) {
    var holder = document.getElementById(id);
    if (!holder) return null;
    var script = holder.content ? holder.content.querySelector("script") : holder;
    return script ? JSON.parse(script.textContent) : null;
  }

  function idsFromUrl() {
    var raw = new URLSearchParams(window.location.search).get("ids");
    if (!raw) return [];
    var seen = {};
    return raw.split(",").map(function (s) { return s.trim(); }).filter(function (s) {
      if (!s || seen[s]) return false;
      seen[s] = true;
      return true;
    });
  }

  function writeUrl(ids) {
    var url = new URL(window.location.href);
    if (ids.length) url.searchParams.set("ids", ids.join(","));
    else url.searchParams.delete("ids");
    // Keep the commas readable in the address bar.
    var text = url.href.replace(/%2C/gi, ",");
    if (text !== window.location.href) window.history.replaceState(window.history.state, "", text);
  }

  function numberOf(cell) {
    return Array.isArray(cell) ? cell[0] : null;
  }

  function shown(cell) {
    if (cell === null || cell === undefined) return "";
    return Array.isArray(cell) ? cell[1] : String(cell);
  }

  function setUp(root) {
    if (root.getAttribute("data-ready")) return;
    var data = readJson(root.getAttribute("data-xpuref-compare"));
    if (!data) return;
    root.setAttribute("data-ready", "1");
    var byId = {};
    data.devices.forEach(function (d) { byId[d.id] = d; });
    var selects = Array.prototype.slice.call(root.querySelectorAll("select[data-compare-slot]"));
    var onlyDiff = root.querySelector("input[data-compare-differences]");
    var message = root.querySelector(".xpuref-compare-message");
    var table = root.querySelector("table.xpuref-compare-table");
    var output = root.querySelector(".xpuref-compare-output") || table;

    // Fill the pickers, grouped by vendor.
    selects.forEach(function (select) {
      var groups = {};
      data.devices.forEach(function (d) {
        if (!groups[d.vendor]) {
          groups[d.vendor] = el("optgroup");
          groups[d.vendor].label = d.vendor;
          select.appendChild(groups[d.vendor]);
        }
        var option = el("option", null, d.name);
        option.value = d.id;
        groups[d.vendor].appendChild(option);
      });
    });

    function chosen() {
      var ids = [];
      selects.forEach(function (s) {
        if (s.value && ids.indexOf(s.value) === -1) ids.push(s.value);
      });
      return ids;
    }

    function say(lines) {
      message.textContent = "";
      lines.forEach(function (line) { message.appendChild(el("span", null, line)); });
      message.hidden = lines.length === 0;
    }

    function render(ids) {
      var thead = table.tHead;
      var tbody = table.tBodies[0];
      thead.textContent = "";
      tbody.textContent = "";
      if (ids.length < 2) {
        table.hidden = true;
        output.hidden = true;
        return;
      }
      var devices = ids.map(function (id) { return byId[id]; });
      var head = el("tr");
      head.appendChild(el("th", null, "Figure"));
      devices.forEach(function (d) {
        var th = el("th");
        th.setAttribute("scope", "col");
        th.setAttribute("data-device", d.id);
        var link = el("a", null, d.name);
        link.setAttribute("href", d.url);
        th.appendChild(link);
        head.appendChild(th);
      });
      thead.appendChild(head);
      var group = null;
      data.rows.forEach(function (row, index) {
        var cells = devices.map(function (d) { return d.values[index]; });
        if (cells.every(function (c) { return c === null; })) return;
        var texts = cells.map(shown);
        var same = texts.every(function (t) { return t === texts[0]; });
        if (onlyDiff && onlyDiff.checked && same) return;
        if (row.group !== group) {
          group = row.group;
          var gr = el("tr", "xpuref-compare-group");
          var gh = el("th", null, group);
          gh.setAttribute("colspan", String(devices.length + 1));
          gr.appendChild(gh);
          tbody.appendChild(gr);
        }
        var best = null;
        if (row.best) {
          var numbers = cells.map(numberOf).filter(function (n) { return n !== null; });
          if (numbers.length >= 2) {
            best = row.best === "max" ? Math.max.apply(null, numbers) : Math.min.apply(null, numbers);
            var everyBest = cells.every(function (c) { return numberOf(c) === best; });
            if (everyBest) best = null;
          }
        }
        var tr = el("tr", same ? "xpuref-same" : "xpuref-differs");
        tr.setAttribute("data-row", row.id);
        var label = el("th", null, row.label + (row.unit ? " (" + row.unit + ")" : ""));
        label.setAttribute("scope", "row");
        tr.appendChild(label);
        cells.forEach(function (cell) {
          var td = el("td", numberOf(cell) !== null ? "xpuref-num" : null, shown(cell) || "—");
          if (best !== null && numberOf(cell) === best) {
            td.classList.add("xpuref-best");
            td.setAttribute("data-best", "1");
            td.appendChild(el("span", "xpuref-best-mark", " ★"));
            td.title = "Best of the devices compared";
          }
          tr.appendChild(td);
        });
        tbody.appendChild(tr);
      });
      table.hidden = false;
      output.hidden = false;
    }

    function update() {
      var ids = chosen();
      writeUrl(ids);
      render(ids);
      say(ids.length < 2 ? ["Choose at least two devices to compare."] : []);
    }

    // Load the choice from the address; report ids that do not exist (as text).
    var wanted = idsFromUrl();
    var unknown = wanted.filter(function (id) { return !byId[id]; });
    var known = wanted.filter(function (id) { return byId[id]; });
    var extra = known.slice(selects.length);
    known = known.slice(0, selects.length);
    selects.forEach(function (s, i) { s.value = known[i] || ""; });
    var notes = [];
    if (unknown.length) notes.push("Unknown device id" + (unknown.length > 1 ? "s" : "") + " in the address: " + unknown.join(", ") + ".");
    if (extra.length) notes.push("Only " + selects.length + " devices fit side by side; left out: " + extra.join(", ") + ".");
    if (known.length < 2) notes.push("Choose at least two devices to compare.");
    render(known);
    // Unknown or surplus ids stay in the address until the reader changes the choice.
    if (!unknown.length && !extra.length) writeUrl(known);
    say(notes);

    selects.forEach(function (s) { s.addEventListener("change", update); });
    if (onlyDiff) onlyDiff.addEventListener("change", function () { render(chosen()); });
  }

  function init() {
    document.querySelectorAll(".xpuref-compare[data-xpuref-compare]").forEach(setUp);
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
