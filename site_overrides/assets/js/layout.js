/* Give every wide xpuref table its own horizontal scroll box with the first column kept in view,
 * so that no page is wider than a phone's screen. Material already wraps its own tables. */
(function () {
  "use strict";

  function say(key) {
    return window.xpurefPage.say("xpuref-layout-text", key);
  }

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
          ? table.previousElementSibling.textContent.replace(/¶$/, "").trim() : "") || say("table");
      box.setAttribute("aria-label", caption);
      parent.insertBefore(box, table);
      box.appendChild(table);
    });
    // A scroll box is reachable from the keyboard and named for screen readers.
    document.querySelectorAll(".xpuref-scroll:not([tabindex])").forEach(function (box) {
      box.setAttribute("tabindex", "0");
      box.setAttribute("role", "region");
      if (!box.hasAttribute("aria-label")) box.setAttribute("aria-label", say("table"));
    });
  }

  // A table wider than its box says so: a line above it and a shadow on the side that hides
  // columns, both gone once the reader has scrolled to the end. Material's own table boxes too.
  function markScrolling() {
    document.querySelectorAll(".md-typeset .xpuref-scroll, .md-typeset .md-typeset__table").forEach(function (box) {
      var scroller = box.classList.contains("md-typeset__table") ? box.parentElement : box;
      if (!scroller || !scroller.querySelector("table")) return;
      function update() {
        var hidden = scroller.scrollWidth - scroller.clientWidth - scroller.scrollLeft > 2;
        var wide = scroller.scrollWidth > scroller.clientWidth + 2;
        scroller.classList.toggle("xpuref-scrolls", wide);
        scroller.classList.toggle("xpuref-more-right", hidden);
        var cue = scroller.previousElementSibling;
        var has = cue && cue.classList && cue.classList.contains("xpuref-scroll-cue");
        if (wide && !has) {
          cue = document.createElement("p");
          cue.className = "xpuref-scroll-cue";
          cue.textContent = say("scroll_cue");
          scroller.parentNode.insertBefore(cue, scroller);
        } else if (!wide && has) {
          cue.remove();
        }
      }
      if (!scroller.xpurefScrollCue) {
        scroller.xpurefScrollCue = true;
        scroller.addEventListener("scroll", update, { passive: true });
        window.addEventListener("resize", update);
      }
      update();
    });
  }

  window.xpurefPage.onPage(function () {
    wrapTables();
    markScrolling();
  });
})();
