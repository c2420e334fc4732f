/* xpuref-page: the helpers every page script shares, loaded before them.
 *
 * onPage(fn)          run fn once on the first load and once after each instant-navigation page
 *                     change
 * readJson(id)        the JSON the build put in a <template> (instant navigation re-creates live
 *                     scripts without their type, which would run JSON as code; templates stay)
 * say(id, key, v)     the edition's text under key in the <template id=id> the build wrote from
 *                     render/messages/<language>.yaml, with {name} filled from v (the key if absent)
 * readParams()        the address's query as URLSearchParams (get() never reads a prototype)
 * writeParams(edit)   edit(params) changes a copy of the query; the address is replaced only when
 *                     it changed (file:// may refuse, which is harmless)
 * formatNumber(v, d)  the one number formatter of the browser side: d significant figures
 *                     (4 when left out), thousands separated, powers of ten only for the extremes
 * normalizeName(s, c) a device name as data/lookup.json keys it (core/names.py normalize_name:
 *                     NFKC, case-folded, trademark signs and the makers' names in front dropped,
 *                     spaces collapsed; c: letters and digits only). The makers' names come
 *                     from xpuref-tables.js (maker_prefixes), generated from Python's table
 * resolveDevice(s, l) the SKU id lookup.json l maps the name s to (names, then compact), or null
 */
(function (root) {
  "use strict";

  function onPage(fn) {
    // The first page: the theme's document$ announces it at DOMContentLoaded (before this
    // script's own listener), but not on a page opened from a file with instant navigation on,
    // so the load event runs it too, and whichever comes second does nothing. Every later
    // document$ announcement is an instant-navigation page change.
    var first = false;
    function firstPage() {
      if (!first) {
        first = true;
        fn();
      }
    }
    if (typeof root.document$ !== "undefined" && root.document$.subscribe) {
      root.document$.subscribe(function () {
        if (first) fn(); else firstPage();
      });
    }
    if (document.readyState === "loading") {
      document.addEventListener("DOMContentLoaded", firstPage);
    } else {
      firstPage();
    }
  }

  function readJson(id) {
    var holder = document.getElementById(id);
    if (!holder) return null;
    var script = holder.content ? holder.content.querySelector("script") : holder;
    return script ? JSON.parse(script.textContent) : null;
  }

  var sayTables = {};

  function say(id, key, values) {
    var holder = document.getElementById(id);
    var cached = sayTables[id];
    if (!cached || cached.holder !== holder) {
      var table = null;
      try { table = readJson(id); } catch (e) { table = null; }
      cached = sayTables[id] = { holder: holder, table: table || {} };
    }
    var text = Object.prototype.hasOwnProperty.call(cached.table, key) ? cached.table[key] : key;
    return String(text).replace(/\{(\w+)\}/g, function (whole, name) {
      return values && Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole;
    });
  }

  function readParams() {
    return new URLSearchParams(root.location.search);
  }

  function writeParams(edit, fresh) {
    var params = fresh ? new URLSearchParams() : readParams();
    edit(params);
    var search = params.toString().replace(/%2C/gi, ",");
    var here = root.location.pathname + root.location.search + root.location.hash;
    var next = root.location.pathname + (search ? "?" + search : "") + root.location.hash;
    if (next === here) return;
    try { root.history.replaceState(root.history.state, "", next); } catch (e) { /* file:// */ }
  }

  function trim(text) {
    return text.indexOf("e") === -1 && text.indexOf(".") !== -1 ? text.replace(/\.?0+$/, "") : text;
  }

  function formatNumber(value, digits) {
    var n = Number(value);
    var d = digits || 4;
    if (n === 0) return "0";
    if (!isFinite(n)) return "—";
    var abs = Math.abs(n);
    if (abs >= 1e-4 && abs < 1e21) {
      var text = trim(n.toPrecision(d));
      if (text.indexOf("e") !== -1) text = trim(Number(text).toFixed(0));
      var parts = text.split(".");
      parts[0] = parts[0].replace(/\B(?=(\d{3})+(?!\d))/g, ",");
      return parts.join(".");
    }
    return n.toExponential(d - 1).replace(/\.?0+e/, "e");
  }

  // The makers' names as word lists, longest first, from the generated tables (read on first
  // use: xpuref-tables.js is joined after this script).
  var makerWords = null;

  function makers() {
    if (makerWords) return makerWords;
    var tables = root.xpurefTables || globalThis.xpurefTables;
    if (!tables || !Array.isArray(tables.maker_prefixes)) {
      throw new Error("xpuref-page: xpuref-tables.js (maker_prefixes) is not loaded");
    }
    makerWords = tables.maker_prefixes
      .map(function (p) { return p.split(" "); })
      .sort(function (a, b) { return b.length - a.length; });
    return makerWords;
  }

  // The words of a folded name without the makers' names in front (core/names.py drop_maker):
  // the last word stays, and a Chinese maker's name written onto the next word is cut from it.
  function dropMaker(words) {
    var phrases = makers();
    for (;;) {
      var cut = false;
      for (var i = 0; i < phrases.length && !cut; i++) {
        var phrase = phrases[i];
        var n = phrase.length;
        if (words.length > n && phrase.every(function (w, j) { return words[j] === w; })) {
          words = words.slice(n);
          cut = true;
        } else if (n === 1 && /[^\x00-\x7f]/.test(phrase[0]) && words.length &&
                   words[0].length > phrase[0].length && words[0].indexOf(phrase[0]) === 0) {
          words = [words[0].slice(phrase[0].length)].concat(words.slice(1));
          cut = true;
        }
      }
      if (!cut) return words;
    }
  }

  // Cyrillic and Greek look-alikes folded to Latin, as core.names.fold_name folds them.
  var CONFUSABLE_FROM = "АВЕКМНОРСТХУаеорсухіјѕԁԛԝΑΒΕΖΗΙΚΜΝΟΡΤΥΧοναρτυχ";
  var CONFUSABLE_TO = "ABEKMHOPCTXYaeopcyxijsdqwABEZHIKMNOPTYXovapTuX";

  function normalizeName(name, compact) {
    var folded = Array.prototype.map.call(
      String(name).replace(/[™®©]/g, "").normalize("NFKC").replace(/[\u200b-\u200d\u2060\ufeff\u00ad]/g, ""),
      function (ch) { var i = CONFUSABLE_FROM.indexOf(ch); return i === -1 ? ch : CONFUSABLE_TO[i]; }
    ).join("");
    var text = folded.toLowerCase().replace(/\(tm\)|\(r\)/g, "");
    var words = text.split(/\s+/).filter(Boolean);
    var spaced = dropMaker(words).join(" ");
    return compact ? spaced.replace(/[^\p{L}\p{N}]/gu, "") : spaced;
  }

  function own(map, key) {
    return map && Object.prototype.hasOwnProperty.call(map, key) ? map[key] : null;
  }

  function resolveDevice(name, lookup) {
    if (!lookup || !String(name).trim()) return null;
    return own(lookup.names, normalizeName(name, false)) ||
      own(lookup.compact, normalizeName(name, true));
  }

  root.xpurefPage = Object.freeze({
    onPage: onPage,
    readJson: readJson,
    say: say,
    readParams: readParams,
    writeParams: writeParams,
    formatNumber: formatNumber,
    normalizeName: normalizeName,
    resolveDevice: resolveDevice
  });
})(window);
