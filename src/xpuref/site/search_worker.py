"""Make the theme's search worker build lunr's word automaton without merging unlike states.

lunr keys each automaton state for minimisation by its final flag followed by every edge label
and target id written end to end. With digit labels two different states can get the same key
("2" then id 481 equals "2", 4, "8", 1), so minimisation merges them: the index then holds
words nobody wrote and loses real ones, and any wildcard that reaches a wrong word makes the
worker throw. A catalog full of numbers ("A5000", "4096x9728x2048") meets this as soon as the
data changes, as it did for the one-character query "1". The fix written here keys each edge
with separators, so distinct states always get distinct keys; it applies online and offline.

The theme also cuts every run of Chinese characters in a query into words of the index before
searching, and never keeps the run whole: "张量核心" became "张量* 核心", which found the
tensor-layout guide before the glossary's 张量核心 entry. The index keeps a Chinese term whole
between punctuation, so a run that is a word of the index, or starts one, stays whole; only a
run the index does not hold ("推理显存") is cut into the index's words.
"""

from __future__ import annotations

import re
from pathlib import Path

__all__ = ["EXACT", "HAN_CALL", "MARKER", "PATCH", "patch_search_worker"]

#: Marks a worker file that already carries the patch (rebuilds and ``mkdocs serve``).
MARKER = "/* xpuref: lunr TokenSet keys */"

#: How much more a typed word counts where the index holds it whole than where it only starts
#: a longer word ("tensor" in "TensorFloat"): the theme adds a trailing wildcard to every word,
#: and lunr scores each expansion by its own rarity, so a rare longer word outranked the exact
#: one (the TF32 entry above "Tensor Core" for "tensor core").
EXACT = 10

#: Runs after the worker's own code has set ``self.lunr`` and before any index is built: keys
#: automaton states apart, and adds to each wildcard word an optional exact clause worth EXACT.
PATCH = (
    MARKER
    + f"(function(l){{var EXACT={EXACT};if(!l||!l.TokenSet){{return;}}"
    + "l.TokenSet.prototype.toString=function(){if(this._str){return this._str;}"
    + 'var k=this.final?"1":"0",s=Object.keys(this.edges).sort();'
    + 'for(var i=0;i<s.length;i++){k+="|"+s[i]+":"+this.edges[s[i]].id;}return k;};'
    + "var W=l.Query.prototype.clause;"
    + "l.Query.prototype.clause=function(c){var r=W.call(this,c),t=c.term;"
    + 'if(!c.xpurefExact&&typeof t==="string"&&/^[^*]+\\*$/.test(t)'
    + "&&c.presence!==l.Query.presence.PROHIBITED){"
    + "W.call(this,{term:t.slice(0,-1),fields:c.fields,boost:EXACT*(c.boost||1),"
    + "usePipeline:true,wildcard:l.Query.wildcard.NONE,"
    + "presence:l.Query.presence.OPTIONAL,xpurefExact:true});}return r;};"
    + "self.__xpurefHan=function(s,x,cut){if(s in x.invertedIndex){return[s];}"
    + "if(x.tokenSet.intersect(l.TokenSet.fromString(s+'*')).toArray().length){return[s];}"
    + "return cut(s,x.invertedIndex);};"
    + "})(self.lunr);\n"
)

#: The theme's call that cuts a run of Chinese characters into words of the index.
HAN_CALL = re.compile(
    r"\[\.\.\.([A-Za-z_$][\w$]*)\(([A-Za-z_$][\w$]*),this\.index\.invertedIndex\)\]"
)

_MAP_LINE = "//# sourceMappingURL="


class SearchWorkerError(RuntimeError):
    """The built site has no single search worker to patch."""


def patch_search_worker(site_dir: Path) -> Path:
    """Add the keying fix to the one search worker under ``site_dir``; return its path."""
    workers = sorted((site_dir / "assets" / "javascripts" / "workers").glob("search.*.js"))
    if len(workers) != 1:
        names = ", ".join(p.name for p in workers) or "none"
        raise SearchWorkerError(f"expected one search worker script, found {names}")
    worker = workers[0]
    text = worker.read_text(encoding="utf-8")
    if MARKER in text:
        return worker
    if "self.lunr=" not in text.replace(" ", ""):
        raise SearchWorkerError(f"{worker.name}: the worker no longer exposes self.lunr")
    text, cuts = HAN_CALL.subn(r"[...self.__xpurefHan(\2,this.index,\1)]", text)
    if cuts != 1:
        raise SearchWorkerError(f"{worker.name}: expected one Chinese query segmentation call")
    head, sep, tail = text.rpartition(_MAP_LINE)
    if sep:
        text = head.rstrip("\n") + "\n" + PATCH + sep + tail
    else:
        text = text.rstrip("\n") + "\n" + PATCH
    worker.write_text(text, encoding="utf-8")
    return worker
