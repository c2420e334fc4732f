/* Keep the header's language switch pointing at this page's twin. The theme replaces the page
 * body on instant navigation but not the header, while the head's hreflang links are swapped
 * for the new page's; the switch takes its addresses from them on every page. */
(function () {
  "use strict";

  function pointSwitch() {
    document.querySelectorAll("a.md-select__link[hreflang]").forEach(function (link) {
      var lang = link.getAttribute("hreflang");
      var twin = document.querySelector('head link[rel="alternate"][hreflang="' + lang + '"]');
      if (twin) link.href = twin.href;
    });
  }

  window.xpurefPage.onPage(pointSwitch);
})();
