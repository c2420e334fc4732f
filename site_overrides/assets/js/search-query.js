/* Read a hyphen after a letter or digit as a space before the query reaches the search worker,
 * and bound the query (no typed fuzziness, boosts, wildcards or fields; a length and word cap).
 *
 * Driver strings such as "A100-SXM4-80GB" are hyphenated, and the index splits words at "-".
 * While such a name is typed, Material sends every prefix to lunr, "A100-SXM4-" among them;
 * its trailing hyphen left a lone "*" wildcard term that matched every word of every page and
 * held the worker for seconds, so the results of the finished name arrived late and the list
 * kept showing an older prefix's ranking (the 40GB page first for "...-80GB"). Material posts
 * each query to its worker as {type: 2, data: text}; this wraps postMessage (the browser's
 * Worker, or the offline bundle's iframe shim, whichever is in place) and rewrites only a
 * hyphen that follows a letter or digit, so "-word" as lunr's NOT operator still works.
 */
(function () {
  "use strict";

  var QUERY = 2;
  var joined = /([\p{L}\p{N}])-+/gu;
  // Bounds on what reaches lunr: a typed edit distance ("h100~1000") makes lunr build an
  // automaton of every word within that distance, a boost with a wildcard ("h100^1000") throws,
  // typed wildcards ("h*1*0*0*...") and field prefixes ("x:y", an unknown field) expand or throw
  // too. Material adds its own trailing wildcard, so the typed operators are dropped, and the
  // query is cut to a length and a number of words that the worker answers at once.
  var MAX_CHARS = 80;
  var MAX_WORDS = 8;
  var operators = /[~^]\d*(?:\.\d*)?|[*:\\]/g;

  function bounded(text) {
    var cut = String(text).slice(0, MAX_CHARS).replace(operators, " ");
    var words = 0;
    return cut.replace(/\S+/g, function (word) {
      words += 1;
      return words > MAX_WORDS ? "" : word;
    });
  }

  function spaced(text) {
    return bounded(text).replace(joined, "$1 ");
  }

  var Target = window.Worker;
  if (!Target || !Target.prototype || Target.prototype.__xpurefQuery) return;
  var post = Target.prototype.postMessage;
  Target.prototype.postMessage = function (message) {
    if (message && message.type === QUERY && typeof message.data === "string") {
      var args = Array.prototype.slice.call(arguments);
      args[0] = { type: message.type, data: spaced(message.data) };
      return post.apply(this, args);
    }
    return post.apply(this, arguments);
  };
  Target.prototype.__xpurefQuery = true;
  window.xpurefSearchQuery = spaced;
})();
