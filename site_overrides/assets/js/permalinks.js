/* Copy-link and cite buttons on every row of a citable spec table. */
(function () {
  "use strict";

  function copyText(text, button) {
    button.setAttribute("data-copied", text);
    function done(ok) {
      var old = button.textContent;
      button.textContent = ok ? "copied" : "select and copy";
      window.setTimeout(function () { button.textContent = old; }, 1500);
    }
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).then(function () { done(true); }, function () {
        done(fallbackCopy(text));
      });
    } else {
      done(fallbackCopy(text));
    }
  }

  function fallbackCopy(text) {
    var area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    var ok = false;
    try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
    document.body.removeChild(area);
    return ok;
  }

  function sourcesOf(row) {
    var out = [];
    // Instant navigation makes in-page links absolute, so match on the fragment only.
    row.querySelectorAll('a[href*="#source-"]').forEach(function (link) {
      var href = link.getAttribute("href");
      var item = document.getElementById(href.slice(href.indexOf("#") + 1));
      var anchor = item && item.querySelector("a[href]");
      if (anchor) out.push({ title: anchor.textContent.trim(), url: anchor.getAttribute("href") });
    });
    return out;
  }

  function mdEscape(text) {
    return String(text).replace(/([\\`*_[\]<>|])/g, "\\$1");
  }

  function citation(table, row) {
    var link = table.getAttribute("data-canonical") + "#" + row.id;
    var value = row.getAttribute("data-value") + (row.getAttribute("data-unit") ? " " + row.getAttribute("data-unit") : "");
    var text = mdEscape(table.getAttribute("data-device")) + ", " + mdEscape(row.getAttribute("data-label")) +
      ": **" + mdEscape(value) + "**";
    var sources = sourcesOf(row).map(function (s) {
      return "[" + mdEscape(s.title) + "](" + s.url.replace(/[()\s]/g, encodeURIComponent) + ")";
    });
    return text + " ([xpuref](" + link + "), data version " + table.getAttribute("data-version") + ")" +
      (sources.length ? "; source: " + sources.join("; ") : "");
  }

  function button(label, title) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "xpuref-rowbutton";
    b.textContent = label;
    b.title = title;
    return b;
  }

  function init() {
    document.querySelectorAll("table.xpuref-citable:not([data-ready])").forEach(function (table) {
      table.setAttribute("data-ready", "1");
      table.querySelectorAll("tbody tr[id]").forEach(function (row) {
        var head = row.querySelector("th");
        if (!head) return;
        var link = button("link", "Copy a link to this row");
        var cite = button("cite", "Copy a Markdown citation of this value");
        link.classList.add("xpuref-copylink");
        cite.classList.add("xpuref-cite");
        link.addEventListener("click", function () {
          copyText(table.getAttribute("data-canonical") + "#" + row.id, link);
        });
        cite.addEventListener("click", function () { copyText(citation(table, row), cite); });
        var box = document.createElement("span");
        box.className = "xpuref-rowbuttons";
        box.appendChild(link);
        box.appendChild(cite);
        head.appendChild(box);
      });
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
