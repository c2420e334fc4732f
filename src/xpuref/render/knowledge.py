"""Page macros for the knowledge pages: glossary, ecosystem map, export rules, data quality."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from markupsafe import Markup, escape

from xpuref import calc
from xpuref.data.dataset import Dataset
from xpuref.data.fields import RATES, at_path
from xpuref.data.knowledge import Knowledge
from xpuref.data.knowledge_models import CATEGORIES, LAYERS, ExportNote
from xpuref.data.translations import Translations, alias_text, load_translations
from xpuref.render.datatext import mark_names, page_text
from xpuref.render.env import ENV as _ENV
from xpuref.render.messages import Messages, messages, script_words
from xpuref.render.pagecontext import PageContext
from xpuref.views.chinese_names import chinese_name
from xpuref.views.coverage import complete, coverage_report, overall_share
from xpuref.views.derive import export_detail
from xpuref.views.numbers import format_number
from xpuref.views.publish import derivation_record
from xpuref.views.published import published_checks
from xpuref.views.targets import target_rows
from xpuref.views.words import class_words, market_words, rule_names, status_words

__all__ = [
    "condition_text",
    "derived_html",
    "disagreements_html",
    "ecosystem_html",
    "english_term",
    "export_classes_html",
    "export_rules_html",
    "gaps_html",
    "glossary_html",
    "macros",
    "source_summary",
]


_PAGE_TITLES = {
    "devices/index.md": "Device catalog",
    "architectures.md": "Architectures",
    "math.md": "The math",
    "downloads.md": "Data downloads",
    "compare.md": "Compare",
    "glossary.md": "Glossary",
    "ecosystem.md": "From CUDA to Ascend",
    "export-controls.md": "Export controls",
    "data-quality.md": "Data quality",
    "calculators/index.md": "Calculators",
    "calculators/flops.md": "FLOPs calculator",
    "calculators/memory.md": "Memory calculator",
    "calculators/roofline.md": "Roofline calculator",
    "calculators/llm.md": "LLM calculator",
    "calculators/export.md": "Export-class calculator",
    "calculators/units.md": "Unit converter",
    "charts/index.md": "Charts",
    "charts/roofline.md": "Roofline chart",
    "charts/export-map.md": "Export map chart",
}

_EXPORT_PAGE = "export-controls.md"
_ECOSYSTEM = "ecosystem.md"

_METRIC_NAMES = {
    "tpp": "TPP",
    "performance_density": "performance density",
    "io_bandwidth_gbs": "I/O bandwidth (GB/s)",
    "designed_for_datacenter": "designed or marketed for datacenters",
}


def glossary_html(knowledge: Knowledge, ctx: PageContext) -> Markup:
    """Every term grouped by category, each anchored by its id, in the page's language."""
    t = messages(ctx.language, ctx.page_url)
    english = ctx.language == "en"
    translated = (
        None
        if english
        else ctx.catalog.remember(
            "translations",
            ctx.language,
            lambda: load_translations(ctx.catalog.root, ctx.language, []),
        )
    )
    groups = []
    for slug in CATEGORIES:
        entries = [e for e in knowledge.glossary.values() if e.category == slug]
        if entries:
            heading = t(f"glossary.category.{slug}")
            groups.append({"slug": slug, "heading": heading, "entries": entries})
    terms = list(knowledge.glossary.values())
    names: dict[str, str | Markup] = {e.id: e.term if english else mark_names(e.zh) for e in terms}
    definitions: dict[str, str | Markup] = {
        e.id: _translated(translated, f"glossary.{e.id}.definition", e.definition) for e in terms
    }
    aliases: dict[str, str | Markup] = {
        e.id: _translated(translated, f"glossary.{e.id}.aliases", alias_text(e.aliases))
        for e in terms
        if e.aliases and translated
    }
    see = {
        page: {
            "href": ctx.link_to_page(page),
            "title": _PAGE_TITLES.get(page) or ctx.titles.get(page, page)
            if english
            else mark_names(str(t(f"glossary.page.{page}"))),
        }
        for entry in terms
        for page in entry.see
    }
    template = _ENV.get_template("knowledge/glossary.html.j2")
    return Markup(
        template.render(
            groups=groups,
            names=names,
            see=see,
            definitions=definitions,
            aliases=aliases,
            english_terms={
                e.id: english_term(e.english or e.term, whole_name=e.english_is_name) for e in terms
            },
            english=english,
            t=t,
        )
    )


def _translated(found: Translations | None, key: str, english: str) -> str | Markup:
    """A data text in the page's language, its Latin names marked; English as it is."""
    if found is None:
        return english
    text = found.text(key, english)
    return english if text == english else mark_names(text)


_LATIN = re.compile(r"[A-Za-z]")
#: A word of an English term written as a name: an acronym or a spelling with a figure in it.
_NAME_WORD = re.compile(r"[\w-]*[A-Z][\w-]*[A-Z0-9][\w-]*|[A-Za-z-]*\d[\w-]*")


def english_term(term: str, whole_name: bool = False) -> Markup:
    """A term's English, shown once on another edition: its acronyms and figures marked names.

    The words of the term stay as text (they are English, and count as English); an acronym
    (CPU, BF16, E4M3, NVLink) is a name in every language, as in translated text, and so is a
    term that is a product, format or feature name (``whole_name``: Tensor Core, Ascend C).
    """
    if whole_name:
        return Markup('<span translate="no">{}</span>').format(term)
    out: list[str] = []
    last = 0
    for found in re.finditer(r"[A-Za-z0-9][A-Za-z0-9-]*", term):
        word = found.group(0)
        out.append(str(escape(term[last : found.start()])))
        if _NAME_WORD.fullmatch(word) and _LATIN.search(word):
            out.append(str(Markup('<span translate="no">{}</span>').format(word)))
        else:
            out.append(str(escape(word)))
        last = found.end()
    out.append(str(escape(term[last:])))
    return Markup("".join(out))


def ecosystem_html(knowledge: Knowledge, ctx: PageContext | None = None) -> Markup:
    """The NVIDIA / Ascend / ROCm map, one table per layer, each row anchored."""
    language = ctx.language if ctx is not None else "en"
    t = messages(language, ctx.page_url if ctx is not None else "")
    translated = (
        None
        if ctx is None or language == "en"
        else ctx.catalog.remember(
            "translations", language, lambda: load_translations(ctx.catalog.root, language, [])
        )
    )
    groups = []
    for slug in LAYERS:
        rows = [r for r in knowledge.ecosystem if r.layer == slug]
        if rows:
            groups.append({"slug": slug, "heading": t(f"ecosystem.layer.{slug}"), "rows": rows})
    notes: dict[str, Any] = {
        r.id: _marked(translated.text(f"ecosystem.{r.id}.notes", r.notes), r.notes)
        if translated
        else r.notes
        for r in knowledge.ecosystem
    }
    # Cells (names and short phrases) through the data text catalogue; English: as written.
    words = page_text(ctx.catalog.root if ctx is not None else Path(), language, t, _ECOSYSTEM)
    template = _ENV.get_template("knowledge/ecosystem.html.j2")
    return Markup(template.render(groups=groups, notes=notes, t=t, **words))


def _marked(text: str, english: str) -> Any:
    """A translated text with its Latin names marked; an untranslated one as written."""
    return english if text == english else mark_names(text)


def _bound(name: str, node: Mapping[str, Any], t: Messages | None = None) -> str:
    """One metric test in words (English unless a message catalogue ``t`` is given)."""
    label = _METRIC_NAMES.get(name, name) if t is None else t(f"exportpage.metric.{name}")
    if "equals" in node:
        value = str(node["equals"]).lower()
        if t is None:
            return f"{label} is {value}"
        return t("exportpage.cond.is", label=label, value=t(f"exportpage.cond.{value}"))
    parts = []
    if "min" in node:
        parts.append(f"≥ {format_number(float(node['min']))}")
    if "below" in node:
        parts.append(f"< {format_number(float(node['below']))}")
    joiner = " and " if t is None else t("exportpage.cond.and")
    return f"{label} {joiner.join(parts)}"


def condition_text(node: Mapping[str, Any], nested: bool = False, t: Messages | None = None) -> str:
    """Render an export-rule condition as readable text (nested groups in parentheses)."""
    both = " and " if t is None else t("exportpage.cond.and")
    either = " or " if t is None else t("exportpage.cond.or")
    text, grouped = calc.fold_condition(
        node,
        lambda leaf: (_bound(str(leaf.get("metric")), leaf, t), False),
        lambda parts: _joined(both, parts),
        lambda parts: _joined(either, parts),
    )
    return f"({text})" if nested and grouped else text


def _joined(joiner: str, parts: list[tuple[str, bool]]) -> tuple[str, bool]:
    """Children's texts joined, a group of several in parentheses; several parts make a group."""
    text = joiner.join(f"({part})" if grouped else part for part, grouped in parts)
    return text, len(parts) > 1


def _export_text(ctx: PageContext | None) -> dict[str, Any]:
    """Messages and data text of the export-controls page in its language (English: as is)."""
    language = ctx.language if ctx is not None else "en"
    t = messages(language, ctx.page_url if ctx is not None else "")
    root = ctx.catalog.root if ctx is not None else Path()
    return {"t": t, "english": language == "en", **page_text(root, language, t, _EXPORT_PAGE)}


def export_rules_html(
    rules: list[dict[str, Any]], notes: list[ExportNote], ctx: PageContext | None = None
) -> Markup:
    """Each classifying rule and each later change, anchored rule-<id>, in the page's language."""
    words = _export_text(ctx)
    t = words["t"]
    english = words["english"]
    keys = ("title", "citation", "published", "effective", "status", "superseded_by", "notes")
    names = rule_names(rules)
    shaped = [
        {
            **{key: rule.get(key) or "" for key in keys},
            "status": status_words(str(rule.get("status") or "")),
            "superseded_name": names.get(str(rule.get("superseded_by") or ""), ""),
            "id": rule["id"],
            "definitions": rule.get("definitions") or {},
            "sources": rule.get("sources") or [],
            "class_rows": [
                {
                    "class": item["class"],
                    "summary": item.get("summary") or "",
                    "text": condition_text(item["condition"], t=None if english else t),
                }
                for item in rule.get("classes") or []
            ],
            "exclusion_rows": [
                {
                    "id": item.get("id") or "",
                    "summary": item.get("summary") or "",
                    "text": condition_text(item["condition"], t=None if english else t),
                }
                for item in rule.get("exclusions") or []
            ],
        }
        for rule in rules
    ]
    return Markup(
        _ENV.get_template("knowledge/export_rules.html.j2").render(
            rules=shaped, notes=notes, rule_names=names, **words
        )
    )


def _verdict(check: Any) -> str:
    """Whether a published statement agrees with the computed class: a message key's end."""
    if check.computed in check.statement.classes:
        return "agrees"
    return "open" if check.agrees else "disagrees"


def _published_lines(catalog: Dataset, words: dict[str, Any]) -> dict[str, list[Any]]:
    """Each device's published statements and licence requirements, one line each."""
    t, tr, english = words["t"], words["tr"], words["english"]
    names = rule_names(catalog.rules)
    published: dict[str, list[Any]] = {}
    for check in published_checks(catalog):
        statement = check.statement
        rule = names.get(statement.rule, statement.rule)
        classes = " or ".join(map(class_words, statement.classes))
        computed = class_words(check.computed)
        verdict = t(f"exportpage.verdict.{_verdict(check)}")
        if english:
            line: Any = t(
                "exportpage.statement",
                who=f"{statement.publisher} {statement.date}",
                rule=rule,
                classes=classes,
                computed=computed,
                verdict=verdict,
            )
        else:
            line = words["tm"](
                "exportpage.statement",
                who=Markup("{} {}").format(tr(statement.publisher), statement.date),
                rule=tr(rule),
                classes=Markup(t("exportpage.cond.or")).join(
                    tr(class_words(c)) for c in statement.classes
                ),
                computed=tr(computed),
                verdict=verdict,
            )
        published.setdefault(check.device_id, []).append(line)
    for event in sorted(catalog.licences, key=lambda e: e.date):
        summary = " ".join(event.summary.split())
        if english:
            line = t(
                "exportpage.licence", date=event.date, summary=summary, title=event.source.title
            )
        else:
            title = Markup('<a href="{}" rel="nofollow noopener">{}</a>').format(
                event.source.url, event.source.title
            )
            line = words["tm"](
                "exportpage.licence", date=event.date, summary=tr(summary), title=title
            )
        for device_id in event.devices:
            published.setdefault(device_id, []).append(line)
    return published


def export_classes_html(catalog: Dataset, ctx: PageContext) -> Markup:
    """Every device's class under every rule with its reason, and what was published about it."""
    words = _export_text(ctx)
    english = words["english"]
    rule_ids = [rule.id for rule in catalog.rules]
    names = rule_names(catalog.rules)
    published = _published_lines(catalog, words)
    rows = []
    for device in catalog.sorted_devices():
        detail = export_detail(device, catalog)
        vendor = catalog.vendors[device.vendor]
        rows.append(
            {
                "id": device.id,
                "name": device.name if english else mark_names(chinese_name(device, vendor)),
                "vendor": vendor.name if english else (vendor.name_zh or words["nm"](vendor.name)),
                "market": market_words(device.market),
                "chips": device.chips_per_package,
                "href": ctx.link_to_page(f"devices/{device.id}.md"),
                "cells": [_class_cell(detail.get(rule, {}), words) for rule in rule_ids],
                "published": published.get(device.id, []),
            }
        )
    return Markup(
        _ENV.get_template("knowledge/export_classes.html.j2").render(
            rules=[(rule, names[rule]) for rule in rule_ids], rows=rows, **words
        )
    )


def _class_cell(found: Mapping[str, Any], words: dict[str, Any]) -> dict[str, Any]:
    """One device's answer under one rule: class, and what decided it or leaves it open."""
    english, tr = words["english"], words["tr"]
    result: Any = class_words(str(found.get("answer", found.get("result", ""))))
    why: Any = str(found.get("reason", ""))
    if found.get("at_least") and result == "unknown":
        if english:
            result = f"{result} ({found['at_least']} or higher)"
        else:
            result = words["tm"]("exportpage.or_higher", result=tr(result), value=found["at_least"])
    elif not english:
        result = tr(result)
    tpp = found.get("tpp")
    if tpp is not None:
        sign = "" if found.get("tpp_exact") else "≥ "
        deciding = str(found.get("deciding"))
        label = RATES[deciding].label if deciding in RATES else deciding
        if english:
            why = f"TPP {sign}{tpp:,.0f} ({label}); {why}"
        else:
            why = Markup("{}（{}）；{}").format(
                mark_names(f"TPP {sign}{tpp:,.0f}"), tr(label), tr(why)
            )
    elif not english:
        why = tr(why)
    plain = why if english else Markup(escape(why)).striptags()
    return {"class": str(found.get("result", "")), "text": result, "why": why, "title": plain}


def _value_at(data: Mapping[str, Any], dotted: str) -> Any:
    """The value at a dotted field path of a dumped device, or None."""
    return at_path(data, dotted)[1]


def _show(value: Any) -> str:
    """Format a canonical or alternative value for the table."""
    if isinstance(value, bool) or value is None:
        return "" if value is None else str(value).lower()
    if isinstance(value, (int, float)):
        return format_number(float(value))
    return str(value)


def _quality_text(ctx: PageContext) -> dict[str, Any]:
    """The messages and data text of the data-quality page in its language."""
    t = messages(ctx.language, ctx.page_url)
    return {"t": t, **page_text(ctx.catalog.root, ctx.language, t, "data-quality.md")}


def disagreements_html(catalog: Dataset, ctx: PageContext) -> Markup:
    """Every recorded alternative value, with its source and the reason it lost."""
    rows = []
    for device in catalog.sorted_devices():
        dumped = device.model_dump()
        sources = {s.id: s for s in device.sources}
        for alt in device.alternatives:
            source = sources.get(alt.source)
            rows.append(
                {
                    "id": device.id,
                    "name": device.name,
                    "href": ctx.link_to_page(f"devices/{device.id}.md"),
                    "field": alt.field,
                    "canonical": _show(_value_at(dumped, alt.field)),
                    "other": _show(alt.value),
                    "source_title": source.title if source else alt.source,
                    "source_url": source.url if source else "",
                    "reason": alt.reason,
                }
            )
    return Markup(
        _ENV.get_template("knowledge/disagreements.html.j2").render(rows=rows, **_quality_text(ctx))
    )


def gaps_html(catalog: Dataset, ctx: PageContext) -> Markup:
    """Every basic figure a device lacks, with the reason its file states."""
    rows = [
        {
            "name": device.name,
            "href": ctx.link_to_page(f"devices/{device.id}.md"),
            "field": field,
            "reason": reason,
        }
        for device in catalog.sorted_devices()
        for field, reason in sorted(device.gaps.items())
    ]
    return Markup(
        _ENV.get_template("knowledge/gaps.html.j2").render(rows=rows, **_quality_text(ctx))
    )


def derived_html(catalog: Dataset, ctx: PageContext) -> Markup:
    """Every figure xpuref.calc derives from stated inputs, with its formula and sources."""
    rows = []
    for device in catalog.sorted_devices():
        sources = {s.id: s for s in device.sources}
        for field in device.derive:
            record = derivation_record(device, field)
            rows.append(
                {
                    "name": device.name,
                    "href": ctx.link_to_page(f"devices/{device.id}.md"),
                    "field": field,
                    "text": record["text"],
                    "inputs": [
                        (name, given["value"], sources[given["source"]])
                        for name, given in record["inputs"].items()
                        if given["source"] in sources
                    ],
                    "note": record["note"] or "",
                }
            )
    return Markup(
        _ENV.get_template("knowledge/derived.html.j2").render(rows=rows, **_quality_text(ctx))
    )


def compute_targets_html(catalog: Dataset, ctx: PageContext) -> Markup:
    """Every SKU with a known compile target, with its matrix precisions and scale-up link."""
    table = catalog.tables.get("compute_targets")
    t = messages(ctx.language, ctx.page_url)
    english = ctx.language == "en"
    rows = []
    for row in target_rows(catalog):
        device = catalog.devices[row.device_id]
        name = row.name if english else chinese_name(device, catalog.vendors[device.vendor])
        href = ctx.link_to_page(f"devices/{row.device_id}.md")
        rows.append({"row": row, "href": href, "name": name})
    return Markup(
        _ENV.get_template("knowledge/compute_targets.html.j2").render(
            rows=rows,
            sources=table.sources if table else [],
            t=t,
            **page_text(catalog.root, ctx.language, t, "guides/gpu-programming-model.md"),
        )
    )


def source_summary(ctx: PageContext) -> Markup:
    """The coverage lines of the data-quality page, in its language (English: as validate says)."""
    ds = ctx.catalog
    if ctx.language == "en":
        return Markup("<br>\n").join(coverage_report(ds, readers=True).splitlines())
    t = messages(ctx.language, ctx.page_url)
    devices = list(ds.devices.values())
    share = overall_share(ds)

    def counts(key: str, counter: Counter[str], words: dict[str, str] | None = None) -> str:
        """One line of counts, largest first, each name in the page's language where it has one."""
        parts = "，".join(
            f"{(words or {}).get(name, name)} {count}"
            for name, count in sorted(counter.items(), key=lambda kv: (-kv[1], kv[0]))
        )
        return t(key, counts=parts)

    lines = [
        t(
            "quality.coverage.devices",
            devices=len(devices),
            full=sum(complete(d, ds) for d in devices),
        ),
        counts(
            "quality.coverage.by_vendor",
            Counter(ds.vendors[d.vendor].name_zh or ds.vendors[d.vendor].name for d in devices),
        ),
        counts("quality.coverage.by_kind", Counter(d.kind.upper() for d in devices)),
        counts(
            "quality.coverage.by_market",
            Counter(d.market for d in devices),
            t.prefixed("quality.coverage.market."),
        ),
        counts(
            "quality.coverage.by_scope",
            Counter(d.scope for d in devices),
            t.prefixed("quality.coverage.scope."),
        ),
        t(
            "quality.coverage.sources",
            figures=share.figures,
            citable=f"{share.percent(share.citable):.1f}",
            traced=f"{share.percent(share.vendor_traced):.1f}",
        ),
        t(
            "quality.coverage.basis",
            basis=share.basis_figures,
            derived=share.derived,
            quoted=share.quoted,
            quotable=share.quotable,
            percent=f"{100.0 * share.quoted / share.quotable if share.quotable else 100.0:.1f}",
        ),
    ]
    if ds.measured:
        lines.append(
            t(
                "quality.coverage.measured",
                figures=len(ds.measured),
                skus=len({r.device for r, _ in ds.measured}),
                cited=len({r.device for r, f in ds.measured if f.page(r) is not None}),
                runs=sum(f.run is not None for _, f in ds.measured),
                suspect=len(ds.warnings),
            )
        )
    return Markup("<br>\n").join(mark_names(line) for line in lines)


def macros(ctx: PageContext) -> dict[str, Callable[..., Any]]:
    """Macros this module offers to content pages."""
    return {
        "glossary": lambda: glossary_html(ctx.catalog.knowledge, ctx),
        "ecosystem_map": lambda: ecosystem_html(ctx.catalog.knowledge, ctx),
        "export_rules": lambda: export_rules_html(
            ctx.catalog.rule_dicts(), ctx.catalog.knowledge.export_notes, ctx
        ),
        "export_classes_table": lambda: export_classes_html(ctx.catalog, ctx),
        "disagreements_table": lambda: disagreements_html(ctx.catalog, ctx),
        "gaps_table": lambda: gaps_html(ctx.catalog, ctx),
        "derived_table": lambda: derived_html(ctx.catalog, ctx),
        "compute_targets_table": lambda: compute_targets_html(ctx.catalog, ctx),
        "source_summary": lambda: source_summary(ctx),
        "glossary_term_count": lambda: len(ctx.catalog.knowledge.glossary),
        "finder_words": lambda: script_words(
            messages(ctx.language, ctx.page_url), "js.finder.", "xpuref-finder-text"
        ),
    }
