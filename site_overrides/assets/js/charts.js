/* Draw every xpuref chart on the page from its inline figure JSON, loading plotly only when needed.
 * Works with Material's instant navigation (document$) and without it (offline bundle, plain load);
 * follows the light/dark palette; variant and filter selects redraw from the same JSON. */
(function () {
  "use strict";

  var PLOTLY_PATH = "assets/vendor/plotly/plotly-basic.min.js";
  // The finder's name maps and every device's roofline inputs (xpuref.render.find_js), for
  // charts that carry no maps of their own (a device page's roofline): loaded on first use.
  var FIND_PATH = "assets/js/xpuref-find.js";
  var loading = null;
  var findLoading = null;

  // Resolved once, on the full page load that ran this file, so it stays right after instant
  // navigation has moved to another page. The site's assets sit two folders above this file
  // (assets/js/charts.js) for both editions; the theme's base of a Chinese page is zh/, where
  // no assets are, so it serves only when the script's own address is unknown.
  var siteBase = (function () {
    var self = document.currentScript;
    if (self && self.src) return new URL("../../", self.src).href;
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

  function loadScript(path, ready) {
    return new Promise(function (resolve, reject) {
      var script = document.createElement("script");
      script.src = siteBase + path;
      script.async = true;
      script.onload = function () {
        if (ready()) resolve(ready());
        else reject(new Error(path + " did not load"));
      };
      script.onerror = function () { reject(new Error("could not load " + script.src)); };
      document.head.appendChild(script);
    });
  }

  function loadFind() {
    if (window.xpurefFind) return Promise.resolve(window.xpurefFind);
    if (!findLoading) {
      findLoading = loadScript(FIND_PATH, function () { return window.xpurefFind; });
      findLoading.catch(function () { findLoading = null; });
    }
    return findLoading;
  }

  // Plotly draws names and hover texts as HTML-like labels: typed text is escaped.
  function esc(text) {
    return String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
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

  // Below this width (a phone) axis titles move above their panels and the legend gets room.
  var NARROW = 560;

  // At a phone's width a vertical axis title is longer than its panel is tall, and stacked
  // panels' titles run into each other: each becomes one line above its panel instead, the
  // left margin shrinks to the tick labels, a yearly axis ticks every other year (upright),
  // and the legend, in rows below, gets the height it needs.
  function phoneLayout(out, data, width) {
    if (!width || width >= NARROW) return out;
    var margin = Object.assign({ l: 60, r: 20, t: 30, b: 60 }, out.margin);
    var notes = (out.annotations || []).slice();
    Object.keys(out).forEach(function (key) {
      var ax = out[key];
      if (!/^yaxis\d*$/.test(key) || !ax || !ax.title || !ax.title.text) return;
      var domain = ax.domain || [0, 1];
      notes.push({ text: String(ax.title.text).replace(/<br>/g, " "), xref: "paper", yref: "paper",
        x: 0, xanchor: "left", y: domain[1], yanchor: "bottom", showarrow: false, font: { size: 11 } });
      out[key] = Object.assign({}, ax, { title: { text: "" } });
      if (domain[1] > 0.99) margin.t = Math.max(margin.t, 30);
    });
    Object.keys(out).forEach(function (key) {
      if (/^xaxis\d*$/.test(key) && out[key] && out[key].dtick === 1) {
        out[key] = Object.assign({}, out[key], { dtick: 2, tickangle: 0 });
      }
    });
    margin.l = Math.min(margin.l, 48);
    margin.r = Math.min(margin.r, 12);
    out.annotations = notes;
    Object.keys(out).forEach(function (key) {  // a long x title in two lines, not cut off
      var ax = out[key];
      if (!/^xaxis\d*$/.test(key) || !ax || !ax.title || !ax.title.text) return;
      var text = String(ax.title.text);
      var cut = text.length > 36 ? text.lastIndexOf(" ", Math.ceil(text.length / 2) + 4) : -1;
      if (cut > 0 && text.indexOf("<br>") === -1) {
        out[key] = Object.assign({}, ax, { title: Object.assign({}, ax.title, {
          text: text.slice(0, cut) + "<br>" + text.slice(cut + 1) }) });
      }
    });
    var legend = data.filter(function (t) { return t.showlegend !== false && t.name; });
    if (out.showlegend !== false && legend.length > 1) {
      // Rows below the plot: a long name takes a row, short ones share one two by two.
      var long = legend.filter(function (t) { return String(t.name).length > 22; }).length;
      var rows = long + Math.ceil((legend.length - long) / 2);
      var area = Math.min((out.height || 480) - margin.t - margin.b, 700);
      var below = 78;  // tick labels and the x axis title
      margin.b = below + rows * 21 + 12;
      out.height = margin.t + area + margin.b;
      out.legend = Object.assign({}, out.legend, { orientation: "h", x: 0, xanchor: "left",
        y: -below / area, yanchor: "top" });
    }
    out.margin = margin;
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

  // The edition's words for this chart (js.chart.* in render/messages/<language>.yaml).
  function say(box, key, values) {
    return window.xpurefPage.say(box.id + "-text", key, values);
  }

  function figureFor(box) {
    var state = box.xpurefChart;
    var text = function (key, values) { return say(box, key, values); };
    var figure = state.payload.variants[state.variant] || state.payload.variants[state.payload.default];
    var data = figure.data.map(function (trace) {
      return filterTrace(trace, state.payload.tags || {}, state.filters);
    });
    colourRoofs(state, data);
    var resolved = resolveFind(state);
    var found = state.payload.find && state.payload.find.roofs ?
      overlayRoofs(data, state, resolved, text) : highlight(data, state.find, resolved, text);
    state.found = found.count;
    state.resolved = resolved;
    var all = data.concat(found.traces);
    var width = box.querySelector(".xpuref-plot") ? box.querySelector(".xpuref-plot").clientWidth : 0;
    return { data: all, layout: phoneLayout(themedLayout(figure.layout), all, width) };
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
  function highlight(data, typed, resolved, text) {
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
              type: "scatter", mode: "markers+text", name: text("found_trace", { name: esc(typed) }),
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

  // Plotly's own colours, in its order: a device roofline's precisions are drawn in these, and
  // a found device's roof for the same precision takes the same colour, dashed.
  var COLORWAY = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2",
    "#7f7f7f", "#bcbd22", "#17becf"];
  var DASHES = ["dash", "dot", "dashdot", "longdash"];
  var MAX_ROOFS = 4;

  // "Find a device" on a chart of one device's roofs (a device page): the typed device's roofs,
  // for the precisions the chart draws (all it lists when it shares none), drawn dashed over
  // them; the page's own device counts as found without a second line.
  function overlayRoofs(data, state, resolved, text) {
    var lookup = state.lookup;
    var typed = String(state.find || "").trim();
    var spec = state.payload.find;
    if (!typed || !lookup || !lookup.roofs) return { count: 0, traces: [] };
    var ids = resolved ? resolved.ids : [];
    if (!resolved) {
      var words = typed.toLowerCase().split(/[\s\-_]+/).filter(Boolean);
      ids = Object.keys(lookup.devices).filter(function (id) {
        var hay = (id + " " + lookup.devices[id]).toLowerCase();
        return words.every(function (w) { return hay.indexOf(w) !== -1; });
      });
    }
    ids = ids.filter(function (id) { return id === spec.device || lookup.roofs[id]; }).slice(0, MAX_ROOFS);
    var traces = [];
    ids.filter(function (id) { return id !== spec.device; }).forEach(function (id, n) {
      var roof = lookup.roofs[id];
      var keys = spec.roofs.filter(function (k) { return roof.peaks[k] !== undefined; });
      if (!keys.length) keys = Object.keys(roof.peaks);
      keys.forEach(function (key) {
        var rate = roof.peaks[key];
        var ridge = rate * 1000 / roof.bw;  // TFLOPS / (GB/s) = 1000 FLOP per byte
        var lo = Math.min(spec.x[0], ridge / 10), hi = Math.max(spec.x[1], ridge * 10);
        var label = lookup.labels[key] || key;
        var name = lookup.devices[id] || id;
        var at = spec.roofs.indexOf(key);
        var hover = "<b>" + esc(name) + ": " + esc(label) + "</b><br>" + text("peak") + ": " + rate + (/^int/.test(key) ? " TOPS" : " TFLOPS") +
          "<br>" + text("ridge") + ": " + Math.round(ridge * 10) / 10 + " FLOP/B";
        traces.push({
          type: "scatter", mode: "lines+markers", name: text("found_trace", { name: esc(name) + " · " + esc(label) }),
          x: [lo, ridge, hi], y: [lo * roof.bw / 1000, rate, rate],
          text: [hover, hover, hover], hovertemplate: "%{text}<extra></extra>",
          marker: { size: [0, 8, 0] },
          line: { width: 2, dash: DASHES[n % DASHES.length],
            color: at === -1 ? cssColor("var(--md-accent-fg-color)", "#e91e63") : COLORWAY[at % COLORWAY.length] }
        });
      });
    });
    return { count: ids.length, traces: traces };
  }

  // A device roofline's own precisions in plotly's colours, so a found device's can match.
  function colourRoofs(state, data) {
    if (!state.payload.find || !state.payload.find.roofs) return;
    data.forEach(function (trace, i) {
      var colour = COLORWAY[i % COLORWAY.length];
      data[i] = Object.assign({}, trace, {
        line: Object.assign({}, trace.line, { color: colour }),
        marker: Object.assign({}, trace.marker, { color: colour })
      });
    });
  }

  // Charts without their own name maps get the shared ones the first time the box is used.
  function needLookup(box) {
    var state = box.xpurefChart;
    if (state.lookup || !state.find || !state.payload.find) return;
    loadFind().then(function (lookup) {
      state.lookup = lookup;
      if (state.visible) draw(box);
    }, function (err) {
      box.setAttribute("data-error", String(err && err.message ? err.message : err));
    });
  }

  function addFinder(box) {
    var plot = box.querySelector(".xpuref-plot");
    var payload = box.xpurefChart.payload;
    var hasDevices = Boolean(payload.find && payload.find.roofs) ||
      (payload.variants && Object.keys(payload.variants).some(function (k) {
        return payload.variants[k].data.some(function (t) { return Array.isArray(t.ids); });
      }));
    if (!plot || !hasDevices || box.querySelector(".xpuref-chart-find")) return;
    var label = document.createElement("label");
    label.className = "xpuref-chart-find";
    label.appendChild(document.createTextNode(say(box, "find")));
    var input = document.createElement("input");
    input.type = "search";
    input.placeholder = say(box, "find_placeholder");
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
      needLookup(box);
      if (box.xpurefChart.visible) draw(box);
    });
    needLookup(box);
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
            say(box, "is_one", { text: state.find, name: state.resolved.names[0] }) :
            say(box, "names_many", { text: state.find, count: state.resolved.ids.length });
          note.textContent = !state.find ? "" :
            named + (state.found ? say(box, "found_count", { count: state.found }) : say(box, "none_here"));
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
