/* Give every wide xpuref table its own horizontal scroll box with the first column kept in view,
 * so that no page is wider than a phone's screen. Material already wraps its own tables. */
(function () {
  "use strict";

  function wrapTables() {
    document.querySelectorAll(".md-typeset table[class^='xpuref']").forEach(function (table) {
      table.classList.add("xpuref-sticky");
      var parent = table.parentElement;
      if (parent && parent.classList.contains("xpuref-scroll")) return;
      var box = document.createElement("div");
      box.className = "xpuref-scroll";
      box.setAttribute("tabindex", "0");
      box.setAttribute("role", "region");
      var caption = table.getAttribute("aria-label") ||
        (table.previousElementSibling && /^H[2-4]$/.test(table.previousElementSibling.tagName)
          ? table.previousElementSibling.textContent.replace(/¶$/, "").trim() : "") || "Table";
      box.setAttribute("aria-label", caption);
      parent.insertBefore(box, table);
      box.appendChild(table);
    });
    // A scroll box is reachable from the keyboard and named for screen readers.
    document.querySelectorAll(".xpuref-scroll:not([tabindex])").forEach(function (box) {
      box.setAttribute("tabindex", "0");
      box.setAttribute("role", "region");
      if (!box.hasAttribute("aria-label")) box.setAttribute("aria-label", "Table");
    });
  }

  window.xpurefPage.onPage(wrapTables);
})();
