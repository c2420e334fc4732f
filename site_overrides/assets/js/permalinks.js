/* Copy-link and cite buttons on every row of a citable spec table.
 *
 * Where the link points: a page served over http(s) links to its own address (so a copied link
 * opens the same row on the site it was copied from); a page read from a file (the offline
 * bundle) links to the public address the build was given (XPUREF_SITE_URL), or, without one,
 * to the local file, and says so. */
(function () {
  "use strict";

  // Where a row's link points, and what to tell the reader about it.
  function rowLink(table, row) {
    var loc = window.location;
    var hash = "#" + row.id;
    if (loc.protocol === "http:" || loc.protocol === "https:") {
      return { url: loc.origin + loc.pathname + hash, kind: "served", note: "" };
    }
    var publicUrl = table.getAttribute("data-canonical");
    if (publicUrl) {
      return {
        url: publicUrl + hash,
        kind: "public",
        note: "This page is a local copy: the link points to the public site."
      };
    }
    return {
      url: loc.href.split("#")[0] + hash,
      kind: "local",
      note: "This page is a local file: the link opens only on this computer."
    };
  }

  function status() {
    var box = document.getElementById("xpuref-copy-status");
    if (!box) {
      box = document.createElement("div");
      box.id = "xpuref-copy-status";
      box.className = "xpuref-copy-status";
      box.setAttribute("role", "status");
      document.body.appendChild(box);
    }
    return box;
  }

  function copyText(text, button, note) {
    button.setAttribute("data-copied", text);
    function done(ok) {
      var old = button.getAttribute("data-label") || button.textContent;
      button.setAttribute("data-label", old);
      button.textContent = ok ? "copied" : "select and copy";
      var box = status();
      box.textContent = (ok ? "Copied: " : "Could not copy: ") + text + (note ? " " + note : "");
      box.setAttribute("data-visible", "1");
      window.clearTimeout(box.xpurefTimer);
      box.xpurefTimer = window.setTimeout(function () { box.removeAttribute("data-visible"); }, 4000);
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
    var where = rowLink(table, row);
    var link = where.url;
    var value = row.getAttribute("data-value") + (row.getAttribute("data-unit") ? " " + row.getAttribute("data-unit") : "");
    var text = mdEscape(table.getAttribute("data-device")) + ", " + mdEscape(row.getAttribute("data-label")) +
      ": **" + mdEscape(value) + "**";
    var sources = sourcesOf(row).map(function (s) {
      return "[" + mdEscape(s.title) + "](" + s.url.replace(/[()\s]/g, encodeURIComponent) + ")";
    });
    var site = where.kind === "local" ? "xpuref, local copy" : "xpuref";
    return text + " ([" + site + "](" + link.replace(/[()\s]/g, encodeURIComponent) + "), data version " + table.getAttribute("data-version") + ")" +
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
          var where = rowLink(table, row);
          link.setAttribute("data-link-kind", where.kind);
          copyText(where.url, link, where.note);
        });
        cite.addEventListener("click", function () {
          var where = rowLink(table, row);
          cite.setAttribute("data-link-kind", where.kind);
          copyText(citation(table, row), cite, where.note);
        });
        var box = document.createElement("span");
        box.className = "xpuref-rowbuttons";
        box.appendChild(link);
        box.appendChild(cite);
        head.appendChild(box);
      });
    });
  }

  window.xpurefPage.onPage(init);
})();
