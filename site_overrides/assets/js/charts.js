/* Draw every xpuref chart on the page from its inline figure JSON, loading plotly only when needed.
 * Works with Material's instant navigation (document$) and without it (offline bundle, plain load);
 * follows the light/dark palette; variant and filter selects redraw from the same JSON. */
(function () {
  "use strict";

  var PLOTLY_PATH = "assets/vendor/plotly/plotly-basic.min.js";
  var loading = null;

  // Resolved once, on the full page load that ran this file, so it stays right after instant
  // navigation has moved to another page. The site root is two folders above this script
  // (assets/js/charts.js): the theme's base names the edition's root (zh/ in Chinese), where
  // there is no assets folder.
  var siteBase = (function () {
    var me = document.currentScript;
    if (me && me.src) return new URL("../../", me.src).href;
    var base = ".";
    var node = document.getElementById("__config");
    if (node) {
      try {
        base = JSON.parse(node.textContent).base || ".";
      } catch (err) {
        base = ".";
      }
    }
    return new URL(base.replace(/\/?$/, "/"), window.location.href).href;
  })();

  function loadPlotly() {
    if (window.Plotly) return Promise.resolve(window.Plotly);
    if (!loading) {
      loading = new Promise(function (resolve, reject) {
        var script = document.createElement("script");
        script.src = siteBase + PLOTLY_PATH;
        script.async = true;
        script.onload = function () {
          if (window.Plotly) resolve(window.Plotly);
          else reject(new Error("plotly did not load"));
        };
        script.onerror = function () {
          loading = null;
          reject(new Error("could not load " + script.src));
        };
        document.head.appendChild(script);
      });
    }
    return loading;
  }

  // Resolve a CSS colour (possibly built from custom properties) to a plain rgb()/rgba() string.
  function cssColor(expression, fallback) {
    var probe = document.createElement("span");
    probe.style.display = "none";
    probe.style.color = expression;
    document.body.appendChild(probe);
    var value = window.getComputedStyle(probe).color;
    probe.remove();
    return value || fallback;
  }

  function palette() {
    return {
      text: cssColor("var(--md-default-fg-color)", "#333"),
      grid: cssColor("var(--md-default-fg-color--lightest)", "#ddd"),
      line: cssColor("var(--md-default-fg-color--lighter)", "#aaa"),
      paper: cssColor("var(--md-default-bg-color)", "#fff"),
      font: window.getComputedStyle(document.body).fontFamily || "sans-serif"
    };
  }

  var readJson = window.xpurefPage.readJson;

  function clone(value) {
    return JSON.parse(JSON.stringify(value));
  }

  function themedLayout(layout) {
    var colours = palette();
    var out = clone(layout);
    out.font = Object.assign({ family: colours.font }, out.font, { color: colours.text });
    out.paper_bgcolor = "rgba(0,0,0,0)";
    out.plot_bgcolor = "rgba(0,0,0,0)";
    out.hoverlabel = Object.assign({}, out.hoverlabel, {
      bgcolor: colours.paper,
      bordercolor: colours.line,
      font: { color: colours.text }
    });
    Object.keys(out).forEach(function (key) {
      if (/^[xy]axis\d*$/.test(key)) {
        out[key] = Object.assign({}, out[key], {
          gridcolor: colours.grid,
          linecolor: colours.line,
          zerolinecolor: colours.line,
          tickcolor: colours.line
        });
      }
    });
    return out;
  }

  // Keep only the points whose device tags match every chosen filter value.
  function filterTrace(trace, tags, wanted) {
    if (!Array.isArray(trace.ids)) return trace;
    var keep = trace.ids.map(function (id) {
      var tag = tags[id] || {};
      return Object.keys(wanted).every(function (key) {
        return !wanted[key] || tag[key] === wanted[key];
      });
    });
    var n = trace.ids.length;
    function pick(arr) {
      return arr.filter(function (_, i) { return keep[i]; });
    }
    var out = Object.assign({}, trace);
    Object.keys(trace).forEach(function (key) {
      if (Array.isArray(trace[key]) && trace[key].length === n) out[key] = pick(trace[key]);
    });
    if (trace.marker) {
      out.marker = Object.assign({}, trace.marker);
      Object.keys(trace.marker).forEach(function (key) {
        var v = trace.marker[key];
        if (Array.isArray(v) && v.length === n) out.marker[key] = pick(v);
      });
      if (trace.marker.line) {  // per-point outlines (open markers) follow their points
        out.marker.line = Object.assign({}, trace.marker.line);
        Object.keys(trace.marker.line).forEach(function (key) {
          var v = trace.marker.line[key];
          if (Array.isArray(v) && v.length === n) out.marker.line[key] = pick(v);
        });
      }
    }
    return out;
  }

  function figureFor(box) {
    var state = box.xpurefChart;
    var figure = state.payload.variants[state.variant] || state.payload.variants[state.payload.default];
    var data = figure.data.map(function (trace) {
      return filterTrace(trace, state.payload.tags || {}, state.filters);
    });
    var resolved = resolveFind(state);
    var found = highlight(data, state.find, resolved);
    state.found = found.count;
    state.resolved = resolved;
    return { data: data.concat(found.traces), layout: themedLayout(figure.layout) };
  }

  // What the typed text names through the resolver (resolve.js, the maps of `xpuref lookup`):
  // {ids, names, text} for a driver string naming one SKU or a few, else null (then words).
  function resolveFind(state) {
    var R = window.xpurefResolve;
    var lookup = state.lookup;
    var typed = String(state.find || "").trim();
    if (!R || !lookup || !typed) return null;
    var hit = R.resolve(typed, lookup);
    var ids = hit.id ? [hit.id] : (hit.ambiguous || []);
    ids = ids.filter(function (id) { return lookup.devices && lookup.devices[id]; });
    if (!ids.length) return null;
    var names = ids.map(function (id) { return lookup.devices[id]; });
    return { ids: ids, names: names, one: ids.length === 1 };
  }

  // A point stands for a resolved device when its id is one, or its hover names one (devices
  // with identical figures share a marker whose hover lists each of them).
  function standsFor(resolved, id, label) {
    if (resolved.ids.indexOf(String(id)) !== -1) return true;
    return resolved.names.some(function (name) {
      var shown = name.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
      return label.indexOf(">" + shown + "<") !== -1 || label.indexOf(": " + shown + "<") !== -1 ||
        label.slice(-(shown.length + 2)) === ": " + shown;
    });
  }

  // "Find a device": the device points the typed name resolves to, or whose id or label holds
  // every typed word, drawn again on top as large rings with their names (one trace per
  // panel), so a reader need not hover dot by dot.
  function highlight(data, typed, resolved) {
    var words = String(typed || "").toLowerCase().split(/[\s\-_]+/).filter(Boolean);
    var panels = {};
    var order = [];
    var count = 0;
    if (words.length) {
      data.forEach(function (trace) {
        if (!Array.isArray(trace.ids) || !Array.isArray(trace.x) || !Array.isArray(trace.y)) return;
        var key = (trace.xaxis || "x") + "/" + (trace.yaxis || "y");
        trace.ids.forEach(function (id, i) {
          var label = Array.isArray(trace.text) ? String(trace.text[i] || "") :
            (Array.isArray(trace.hovertext) ? String(trace.hovertext[i] || "") : "");
          // A point may carry more words to match (the timeline: its generation's devices).
          var more = Array.isArray(trace.customdata) ? String(trace.customdata[i] || "") : "";
          var hay = (String(id) + " " + label + " " + more).toLowerCase();
          if (resolved ? !standsFor(resolved, id, label) :
            !words.every(function (w) { return hay.indexOf(w) !== -1; })) return;
          if (!panels[key]) {
            panels[key] = {
              type: "scatter", mode: "markers+text", name: "Found: " + typed,
              xaxis: trace.xaxis || "x", yaxis: trace.yaxis || "y",
              x: [], y: [], text: [], textposition: "top center", hoverinfo: "text",
              cliponaxis: false, showlegend: order.length === 0,
              marker: { size: 18, symbol: "circle-open", line: { width: 3 },
                color: cssColor("var(--md-accent-fg-color)", "#e91e63") }
            };
            order.push(key);
          }
          panels[key].x.push(trace.x[i]);
          panels[key].y.push(trace.y[i]);
          panels[key].text.push(label.split("<br>")[0] || String(id));
          count += 1;
        });
      });
    }
    return { count: count, traces: order.map(function (k) { return panels[k]; }) };
  }

  function addFinder(box) {
    var plot = box.querySelector(".xpuref-plot");
    var hasDevices = box.xpurefChart.payload.variants && Object.keys(box.xpurefChart.payload.variants).some(function (k) {
      return box.xpurefChart.payload.variants[k].data.some(function (t) { return Array.isArray(t.ids); });
    });
    if (!plot || !hasDevices || box.querySelector(".xpuref-chart-find")) return;
    var label = document.createElement("label");
    label.className = "xpuref-chart-find";
    label.appendChild(document.createTextNode("Find a device "));
    var input = document.createElement("input");
    input.type = "search";
    input.placeholder = "H100, MI300X, 910B, or what nvidia-smi prints";
    input.setAttribute("data-chart-find", "");
    label.appendChild(input);
    var note = document.createElement("span");
    note.className = "xpuref-chart-find-note";
    note.setAttribute("aria-live", "polite");
    label.appendChild(note);
    plot.parentNode.insertBefore(label, plot);
    input.value = box.xpurefChart.find || "";
    input.addEventListener("input", function () {
      box.xpurefChart.find = input.value.trim();
      writeState(box);
      if (box.xpurefChart.visible) draw(box);
    });
  }

  // Device points left after filtering (traces without ids are backgrounds, not devices).
  function devicePoints(data) {
    return data.reduce(function (sum, trace) {
      return sum + (Array.isArray(trace.ids) ? trace.ids.length : 0);
    }, 0);
  }

  function filtering(state) {
    return Object.keys(state.filters).some(function (key) { return state.filters[key]; });
  }

  function showEmpty(box, data) {
    var empty = box.querySelector(".xpuref-chart-empty");
    var none = filtering(box.xpurefChart) && devicePoints(data) === 0;
    if (empty) empty.hidden = !none;
    if (none) box.setAttribute("data-empty", "1");
    else box.removeAttribute("data-empty");
  }

  // Chart state lives in the address: "<chart>.view" for the variant, "<chart>.<filter>" for
  // each filter, so a copied link reopens the same view.
  function stateKey(box, name) {
    return box.id.replace(/^xpuref-/, "") + "." + name;
  }

  function readState(box) {
    var params = window.xpurefPage.readParams();
    var state = box.xpurefChart;
    var variant = box.querySelector("select[data-chart-variant]");
    var wanted = params.get(stateKey(box, "view"));
    // Allow-list: only a variant the payload has (never "__proto__" or another inherited name).
    if (variant && wanted && Object.prototype.hasOwnProperty.call(state.payload.variants, wanted)) {
      variant.value = wanted;
      state.variant = wanted;
    }
    var find = params.get(stateKey(box, "find"));
    if (find) state.find = find.slice(0, 60);
    box.querySelectorAll("select[data-chart-filter]").forEach(function (select) {
      var name = select.getAttribute("data-chart-filter");
      var value = params.get(stateKey(box, name));
      var known = value && Array.prototype.some.call(select.options, function (o) { return o.value === value; });
      if (known) {
        select.value = value;
        state.filters[name] = value;
      }
    });
  }

  function writeState(box) {
    var state = box.xpurefChart;
    window.xpurefPage.writeParams(function (params) {
      var key = stateKey(box, "view");
      if (state.variant && state.variant !== state.payload.default) params.set(key, state.variant);
      else params.delete(key);
      if (state.find) params.set(stateKey(box, "find"), state.find);
      else params.delete(stateKey(box, "find"));
      Object.keys(state.filters).forEach(function (name) {
        var k = stateKey(box, name);
        if (state.filters[name]) params.set(k, state.filters[name]);
        else params.delete(k);
      });
    });
  }

  var CONFIG = {
    responsive: true,
    displaylogo: false,
    modeBarButtonsToRemove: ["select2d", "lasso2d", "autoScale2d"]
  };

  function draw(box) {
    var plot = box.querySelector(".xpuref-plot");
    if (!plot || !box.xpurefChart) return Promise.resolve();
    return loadPlotly().then(function (Plotly) {
      var figure = figureFor(box);
      showEmpty(box, figure.data);
      return Plotly.react(plot, figure.data, figure.layout, CONFIG).then(function () {
        var note = box.querySelector(".xpuref-chart-find-note");
        if (note) {
          var state = box.xpurefChart;
          var named = !state.find || !state.resolved ? "" : state.resolved.one ?
            " “" + state.find + "” is " + state.resolved.names[0] + ":" :
            " “" + state.find + "” names " + state.resolved.ids.length + " devices:";
          note.textContent = !state.find ? "" :
            named + (state.found ? " " + state.found + " found" : " none on this chart");
        }
        if (box.xpurefChart.resolved) box.setAttribute("data-resolved", box.xpurefChart.resolved.ids.join(" "));
        else box.removeAttribute("data-resolved");
        box.setAttribute("data-found", String(box.xpurefChart.found || 0));
        box.setAttribute("data-drawn", box.xpurefChart.variant);
        box.setAttribute("data-scheme", document.body.getAttribute("data-md-color-scheme") || "");
      });
    }).catch(function (err) {
      box.setAttribute("data-error", String(err && err.message ? err.message : err));
    });
  }

  function setUp(box) {
    if (box.xpurefChart) return;
    var payload = readJson(box.getAttribute("data-xpuref-chart"));
    if (!payload) return;
    box.xpurefChart = { payload: payload, variant: payload.default, filters: {}, visible: false,
      lookup: readJson(box.getAttribute("data-xpuref-lookup") || "") };
    var variant = box.querySelector("select[data-chart-variant]");
    if (variant) {
      variant.value = payload.default;
      variant.addEventListener("change", function () {
        box.xpurefChart.variant = variant.value;
        writeState(box);
        if (box.xpurefChart.visible) draw(box);
      });
    }
    box.querySelectorAll("select[data-chart-filter]").forEach(function (select) {
      select.value = "";
      select.addEventListener("change", function () {
        box.xpurefChart.filters[select.getAttribute("data-chart-filter")] = select.value;
        writeState(box);
        if (box.xpurefChart.visible) draw(box);
      });
    });
    readState(box);
    addFinder(box);
    // Draw when the chart comes near the viewport: a device page whose roofline is never
    // scrolled to never downloads plotly.
    if ("IntersectionObserver" in window) {
      var seen = new IntersectionObserver(function (entries) {
        if (entries.some(function (e) { return e.isIntersecting; })) {
          seen.disconnect();
          box.xpurefChart.visible = true;
          draw(box);
        }
      }, { rootMargin: "300px 0px" });
      seen.observe(box);
    } else {
      box.xpurefChart.visible = true;
      draw(box);
    }
  }

  function redrawAll() {
    document.querySelectorAll(".xpuref-chart[data-drawn]").forEach(function (box) {
      draw(box);
    });
  }

  function watchPalette() {
    var body = document.body;
    if (!body || body.xpurefPaletteWatch) return;
    body.xpurefPaletteWatch = new MutationObserver(redrawAll);
    body.xpurefPaletteWatch.observe(body, {
      attributes: true,
      attributeFilter: ["data-md-color-scheme", "data-md-color-primary"]
    });
  }

  function init() {
    var boxes = document.querySelectorAll(".xpuref-chart[data-xpuref-chart]");
    if (!boxes.length) return;
    watchPalette();
    boxes.forEach(setUp);
  }

  window.xpurefPage.onPage(init);
})();
