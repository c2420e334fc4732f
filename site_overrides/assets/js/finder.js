/* The home page's device finder: resolve what a driver prints ("NVIDIA H100 80GB HBM3") through
 * data/lookup.json, the same maps as `xpuref lookup`, and link to the device page; a partial
 * name lists the devices whose names contain it. Where the file cannot be read (the offline
 * bundle opened from file://), the box hands the text to the catalog's filter instead. */
(function () {
  "use strict";

  var MAX_LISTED = 8;

  function deviceHref(catalog, id) {
    return /index\.html$/.test(catalog) ? catalog.replace(/index\.html$/, id + ".html") : catalog + id + "/";
  }

  function link(href, text) {
    var a = document.createElement("a");
    a.href = href;
    a.textContent = text;
    return a;
  }

  function init() {
    var form = document.querySelector("form.xpuref-finder");
    if (!form || form.xpurefReady) return;
    form.xpurefReady = true;
    var box = form.querySelector("input");
    var out = form.querySelector(".xpuref-finder-result");
    var catalog = form.querySelector("a.xpuref-finder-catalog").getAttribute("href");
    var lookup = null;
    // The edition's words, written by the build from render/messages/<language>.yaml
    // (js.finder.*) into <template id="xpuref-finder-text">; English where a page has none.
    function word(name, english) {
      var text = window.xpurefPage.say("xpuref-finder-text", name);
      return text === name ? english : text;
    }
    var FOUND = word("found", "Found: ");
    // Once the file is in (or cannot be read), say so on the form (data-lookup-state) and
    // answer again what was typed before it came, so an early Enter still finds the device.
    function settle(data, state) {
      lookup = data;
      form.setAttribute("data-lookup-state", state);
      if (box.value.trim()) show(box.value);
    }
    fetch(form.getAttribute("data-lookup"))
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (data) { settle(data, data ? "ready" : "failed"); },
            function () { settle(null, "failed"); });

    function show(text) {
      out.textContent = "";
      var typed = text.trim();
      if (!typed) return;
      var page = window.xpurefPage;
      var id = page.resolveDevice(typed, lookup);
      if (id) {
        var name = lookup.devices[id] ? lookup.devices[id].name : id;
        out.appendChild(document.createTextNode(FOUND));
        out.appendChild(link(deviceHref(catalog, id), name));
        return;
      }
      var key = page.normalizeName(typed, true);
      var ids = [];
      if (lookup && key) {
        Object.keys(lookup.compact).forEach(function (k) {
          var hit = lookup.compact[k];
          if (k.indexOf(key) !== -1 && ids.indexOf(hit) === -1) ids.push(hit);
        });
      }
      if (ids.length) {
        out.appendChild(document.createTextNode(ids.length === 1 ? FOUND : word("several", "Devices whose names contain it: ")));
        ids.slice(0, MAX_LISTED).forEach(function (hit, i) {
          if (i) out.appendChild(document.createTextNode(" · "));
          out.appendChild(link(deviceHref(catalog, hit), lookup.devices[hit] ? lookup.devices[hit].name : hit));
        });
        if (ids.length > MAX_LISTED) out.appendChild(document.createTextNode(word("more", " and {n} more").replace("{n}", String(ids.length - MAX_LISTED))));
        out.appendChild(document.createTextNode(". "));
      } else if (lookup) {
        out.appendChild(document.createTextNode(word("none", "No device has that name. ")));
      }
      out.appendChild(link(catalog + "?find=" + encodeURIComponent(typed), word("filter", "Filter the catalog for “{q}”").replace("{q}", typed)));
    }

    form.addEventListener("submit", function (event) {
      event.preventDefault();
      show(box.value);
      var first = out.querySelector("a");
      if (first && out.firstChild.textContent === FOUND) first.focus();
    });
    box.addEventListener("input", function () { show(box.value); });
  }

  window.xpurefPage.onPage(init);
})();
