/* Read a hyphen inside a typed name as a space before the query reaches the search worker.
 *
 * Driver strings such as "A100-SXM4-80GB" are hyphenated, and the index splits words at "-".
 * Material hands the query to lunr, whose parser reads a "-" that starts a term as NOT, so
 * "A100-SXM4-80GB" became "a100, not sxm4, not 80gb" and a sibling page could rank first.
 * Material posts each query to its worker as {type: 2, data: text}; this wraps postMessage
 * (the browser's Worker, or the offline bundle's iframe shim, whichever is in place) and
 * rewrites only a hyphen between two letters or digits, so "-word" as an operator still works.
 */
(function () {
  "use strict";

  var QUERY = 2;
  var inner = /([\p{L}\p{N}])-(?=[\p{L}\p{N}])/gu;

  function spaced(text) {
    return text.replace(inner, "$1 ");
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
