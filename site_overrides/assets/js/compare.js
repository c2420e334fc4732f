/* The compare page: add any number of devices through a searchable picker (or from the catalog
 * and device pages), see their published figures side by side with the best value per row
 * marked, keep only the rows that differ, and show the sources behind each value. The devices
 * and options live in the address (?ids=a,b,c&diff=1&sources=1), so a link reproduces the view.
 * Every value from the data is written with textContent, never parsed as HTML. */
(function () {
  "use strict";

  // The compare page's words, emitted from render/messages/<language>.yaml (js.compare.*).
  function word(key, values) {
    return window.xpurefPage.say("xpuref-compare-text", key, values);
  }

  var STORE = "xpuref-compare-ids";

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }

  var readJson = window.xpurefPage.readJson;

  function remember(ids) {
    try { window.localStorage.setItem(STORE, ids.join(",")); } catch (e) { /* storage off */ }
  }

  function remembered() {
    try { return (window.localStorage.getItem(STORE) || "").split(",").filter(Boolean); } catch (e) { return []; }
  }

  function unique(list) {
    var seen = Object.create(null);  // no inherited names: "constructor" is an id like any other
    return list.filter(function (s) {
      if (!s || seen[s]) return false;
      seen[s] = true;
      return true;
    });
  }

  function readUrl() {
    var params = window.xpurefPage.readParams();
    var raw = params.get("ids") || "";
    return {
      ids: unique(raw.split(",").map(function (s) { return s.trim(); })),
      diff: params.get("diff") === "1",
      sources: params.get("sources") === "1"
    };
  }

  function writeUrl(ids, diff, sources) {
    window.xpurefPage.writeParams(function (params) {
      if (ids.length) params.set("ids", ids.join(","));
      if (diff) params.set("diff", "1");
      if (sources) params.set("sources", "1");
    }, true);
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
    var byId = Object.create(null);  // ids from the URL never reach Object.prototype
    data.devices.forEach(function (d) { byId[d.id] = d; });
    var search = root.querySelector(".xpuref-compare-search");
    var options = root.querySelector("datalist");
    var addButton = root.querySelector(".xpuref-compare-add");
    var chosenList = root.querySelector(".xpuref-compare-chosen");
    var onlyDiff = root.querySelector("input[data-compare-differences]");
    var showSources = root.querySelector("input[data-compare-sources]");
    var message = root.querySelector(".xpuref-compare-message");
    var table = root.querySelector("table.xpuref-compare-table");
    var output = root.querySelector(".xpuref-compare-output") || table;
    var ids = [];

    data.devices.forEach(function (d) {
      var option = el("option");
      option.value = d.name;
      option.textContent = d.vendor + " · " + d.id;
      options.appendChild(option);
    });

    function say(lines) {
      message.textContent = "";
      lines.forEach(function (line) { message.appendChild(el("span", null, line)); });
      message.hidden = lines.length === 0;
    }

    // The device a typed text names: an exact name or id, else the only one containing it.
    function find(text) {
      var wanted = text.trim().toLowerCase();
      if (!wanted) return null;
      // What drivers print (nvidia-smi, JAX, npu-smi...), resolved as `xpuref lookup` does.
      var resolved = window.xpurefResolve && data.lookup ? window.xpurefResolve.resolve(text, data.lookup) : {};
      if (resolved.id && byId[resolved.id]) return byId[resolved.id];
      if (resolved.ambiguous) return { many: resolved.ambiguous.length, names: resolved.ambiguous };
      var exact = data.devices.filter(function (d) {
        return d.name.toLowerCase() === wanted || d.id === wanted;
      });
      if (exact.length) return exact[0];
      var words = wanted.split(/\s+/);
      var partial = data.devices.filter(function (d) {
        return words.every(function (w) { return d.search.indexOf(w) !== -1; });
      });
      return partial.length === 1 ? partial[0] : (partial.length ? { many: partial.length } : null);
    }

    // A cell's sources fold into one short line ("2 sources"); the full titles and links open
    // with a click, so four devices with sources stay about as tall as without.
    function sourceList(device, index) {
      var refs = device.cell_sources[index];
      if (refs === null || refs === undefined) return null;
      if (refs === "computed") {
        var computed = el("small", "xpuref-cell-sources", "computed");
        computed.title = word("computed_title");
        return computed;
      }
      var found = refs.map(function (i) { return device.sources[i]; }).filter(Boolean);
      if (!found.length) return el("small", "xpuref-cell-sources", word("no_source"));
      var box = el("details", "xpuref-cell-sources");
      box.appendChild(el("summary", null, found.length === 1 ? "source" : found.length + " sources"));
      var list = el("ol");
      found.forEach(function (s) {
        var a = el("a", null, s.title);
        a.setAttribute("href", s.url);
        a.setAttribute("rel", "nofollow noopener");
        var item = el("li");
        item.appendChild(a);
        list.appendChild(item);
      });
      box.appendChild(list);
      return box;
    }

    function renderChosen() {
      chosenList.textContent = "";
      ids.forEach(function (id) {
        var d = byId[id];
        var li = el("li");
        li.setAttribute("data-device", id);
        var link = el("a", null, d.name);
        link.setAttribute("href", d.url);
        li.appendChild(link);
        var remove = el("button", "xpuref-compare-remove", "×");
        remove.type = "button";
        remove.setAttribute("aria-label", word("remove", { name: d.name }));
        remove.addEventListener("click", function () {
          ids = ids.filter(function (x) { return x !== id; });
          update([]);
        });
        li.appendChild(remove);
        chosenList.appendChild(li);
      });
    }

    function render() {
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
      head.appendChild(el("th", null, word("figure")));
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
        if (onlyDiff.checked && same) return;
        if (row.group !== group) {
          group = row.group;
          var gr = el("tr", "xpuref-compare-group");
          var gh = el("th", null, group);
          gh.setAttribute("colspan", String(devices.length + 1));
          gh.setAttribute("scope", "colgroup");
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
        cells.forEach(function (cell, i) {
          var td = el("td", numberOf(cell) !== null ? "xpuref-num" : null, shown(cell) || "—");
          if (best !== null && numberOf(cell) === best) {
            td.classList.add("xpuref-best");
            td.setAttribute("data-best", "1");
            td.appendChild(el("span", "xpuref-best-mark", " ★"));
            td.title = word("best_title");
          }
          if (showSources.checked && cell !== null) {
            var list = sourceList(devices[i], index);
            if (list) td.appendChild(list);
          }
          tr.appendChild(td);
        });
        tbody.appendChild(tr);
      });
      table.hidden = false;
      output.hidden = false;
    }

    function update(notes) {
      writeUrl(ids, onlyDiff.checked, showSources.checked);
      remember(ids);
      renderChosen();
      render();
      var lines = notes.slice();
      if (ids.length < 2) lines.push(word("choose_two"));
      say(lines);
    }

    function add() {
      var found = find(search.value);
      if (!found) {
        update([word("no_match", { text: search.value.trim() })]);
        return;
      }
      if (found.many) {
        var named = (found.names || []).map(function (id) { return byId[id] ? byId[id].name : id; });
        update([word("many_match", {
          count: found.many, text: search.value.trim(),
          named: named.length ? word("many_named", { names: named.join(", ") }) : ""
        })]);
        return;
      }
      if (ids.indexOf(found.id) === -1) ids.push(found.id);
      search.value = "";
      update([]);
    }

    // Load the choice from the address; report ids that do not exist (as text).
    var state = readUrl();
    var unknown = state.ids.filter(function (id) { return !byId[id]; });
    ids = state.ids.filter(function (id) { return byId[id]; });
    onlyDiff.checked = state.diff;
    showSources.checked = state.sources;
    var notes = [];
    if (unknown.length) notes.push(word(unknown.length > 1 ? "unknown_ids" : "unknown_id", { ids: unknown.join(", ") }));
    remember(ids);
    renderChosen();
    render();
    // Unknown ids stay in the address until the reader changes the choice.
    if (!unknown.length) writeUrl(ids, onlyDiff.checked, showSources.checked);
    if (ids.length < 2) notes.push(word("choose_two"));
    say(notes);

    addButton.addEventListener("click", add);
    search.addEventListener("keydown", function (e) {
      if (e.key === "Enter") { e.preventDefault(); add(); }
    });
    search.addEventListener("change", function () {
      // Picking a suggestion from the list fills in an exact name: add it at once.
      var found = find(search.value);
      if (found && !found.many && found.name.toLowerCase() === search.value.trim().toLowerCase()) add();
    });
    onlyDiff.addEventListener("change", function () { update([]); });
    showSources.addEventListener("change", function () { update([]); });
  }

  // "Add to compare" on device pages: the remembered choice plus this device.
  function setUpAddLinks() {
    document.querySelectorAll("a.xpuref-add-compare:not([data-ready])").forEach(function (link) {
      link.setAttribute("data-ready", "1");
      function refresh() {
        var id = link.getAttribute("data-id");
        var ids = unique(remembered().concat([id]));
        link.setAttribute("href", link.getAttribute("data-base") + "?ids=" + ids.join(","));
        var others = ids.length - 1;
        link.setAttribute("data-others", String(others));
        var note = link.parentElement.querySelector(".xpuref-add-compare-note");
        if (note) {
          note.textContent = others ? window.xpurefPage.say("xpuref-add-compare-text",
            others > 1 ? "with_many" : "with_one", { count: others }) : "";
        }
      }
      link.addEventListener("click", refresh);
      link.addEventListener("focus", refresh);
      link.addEventListener("mouseenter", refresh);
      refresh();
    });
  }

  function init() {
    document.querySelectorAll(".xpuref-compare[data-xpuref-compare]").forEach(setUp);
    setUpAddLinks();
  }

  window.xpurefPage.onPage(init);
})();
