"""How well the data is sourced and how complete it is: per device and over the catalog."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from xpuref.data.dataset import Dataset
from xpuref.data.device_checks import covering_sources, numeric_paths, required_fields
from xpuref.data.devices import Device, Source
from xpuref.data.provenance import carries, figure_paths, figure_value, quote_factors
from xpuref.data.publishers import CITABLE_TIERS
from xpuref.views.words import market_words

#: Tiers whose quotes are the maker's own words (its document or a faithful copy).
MAKER_TIERS = {"vendor", "vendor-copy"}

__all__ = [
    "TIER_LABELS",
    "SourceShare",
    "coverage_report",
    "device_share",
    "device_source_tiers",
    "overall_share",
    "quoting_tiers",
    "source_tiers",
    "traces_to_vendor",
]


@dataclass(frozen=True)
class SourceShare:
    """Counts of numeric figures: in all, with a citable source, traced to the maker's words.

    ``vendor_traced`` counts only figures that are stated, halved or converted and carry a
    quote, from a vendor or vendor-copy source, that prints them. ``basis_figures`` are the
    peak-rate, memory, power and scale-up figures (each has a basis); ``derived`` of them are
    computed by xpuref.calc; ``quoted`` of the rest carry a quote that prints them.
    """

    figures: int
    citable: int
    vendor_traced: int
    basis_figures: int = 0
    derived: int = 0
    quoted: int = 0

    @property
    def quotable(self) -> int:
        """Basis figures a maker or reference prints (all but the derived ones)."""
        return self.basis_figures - self.derived

    def percent(self, part: int) -> float:
        """A count as a percentage of all figures (100 when there are none)."""
        return 100.0 * part / self.figures if self.figures else 100.0


def traces_to_vendor(device: Device, index: int, ds: Dataset) -> bool:
    """Whether a source is a vendor document, a copy of one, or a reference citing one.

    A reference counts only when the document it cites is the vendor's own: its `cites` names
    one without an address, or gives an address on a vendor or vendor-copy site (a reference
    that cites another database, such as an Epoch row pointing at TechPowerUp, does not).
    """
    source = device.sources[index]
    tier = ds.registry.tier_for(source.url, device.vendor)
    if tier in ("vendor", "vendor-copy"):
        return True
    if tier != "reference" or source.cites is None:
        return False
    if not source.cites.url:
        return True
    return ds.registry.tier_for(source.cites.url, device.vendor) in ("vendor", "vendor-copy")


def quoting_tiers(device: Device, path: str, ds: Dataset) -> set[str]:
    """Tiers of the sources whose quotes print a figure as its basis says (none if derived)."""
    value = figure_value(device, path)
    basis = device.basis_of(path)
    if value is None or basis == "derived":
        return set()
    factors = quote_factors(device, basis)
    ids = {s.id: s for s in device.sources}
    tiers: set[str] = set()
    for quote in device.quotes_for(path):
        source = ids.get(quote.source)
        if source is not None and carries(quote.text, value, factors):
            tiers.add(ds.registry.tier_for(source.url, device.vendor) or "")
    return tiers


def device_share(device: Device, ds: Dataset) -> SourceShare:
    """Source shares over one device's numeric figures."""

    def compute() -> SourceShare:
        """Count once per dataset."""
        dumped = device.model_dump(exclude_defaults=True)
        figures = citable = traced = 0
        for path in numeric_paths(dumped):
            figures += 1
            dotted = ".".join(str(p) for p in path)
            if dotted in device.derive:
                inputs = device.derive[dotted].inputs.values()
                covering = [
                    i for i, s in enumerate(device.sources) if s.id in {v.source for v in inputs}
                ]
            else:
                covering = covering_sources(device, dotted)
            tiers = {ds.registry.tier_for(device.sources[i].url, device.vendor) for i in covering}
            citable += bool(tiers & CITABLE_TIERS)
            traced += bool(quoting_tiers(device, dotted, ds) & MAKER_TIERS)
        paths = figure_paths(device)
        derived = sum(device.basis_of(p) == "derived" for p in paths)
        quoted = sum(bool(quoting_tiers(device, p, ds)) for p in paths)
        return SourceShare(figures, citable, traced, len(paths), derived, quoted)

    found: SourceShare = ds.remember("share", device.id, compute)
    return found


def overall_share(ds: Dataset) -> SourceShare:
    """Source shares over every device's figures."""
    shares = [device_share(d, ds) for d in ds.devices.values()]
    return SourceShare(
        sum(s.figures for s in shares),
        sum(s.citable for s in shares),
        sum(s.vendor_traced for s in shares),
        sum(s.basis_figures for s in shares),
        sum(s.derived for s in shares),
        sum(s.quoted for s in shares),
    )


def complete(device: Device, ds: Dataset) -> bool:
    """Whether a device gives every figure the completeness contract asks for (no gaps)."""
    arch = ds.architectures.get(device.architecture)
    return not any(field in device.gaps for field in required_fields(device, arch)) and (
        arch is not None and arch.supported_rates() is not None
    )


def _counts(label: str, counter: Counter[str]) -> str:
    """One line of counts, largest first."""
    parts = ", ".join(
        f"{name} {count}" for name, count in sorted(counter.items(), key=lambda kv: (-kv[1], kv[0]))
    )
    return f"  {label}: {parts}"


def coverage_report(ds: Dataset, *, readers: bool = False) -> str:
    """The coverage lines `xpuref validate` prints (with ``readers``, names instead of slugs)."""
    devices = list(ds.devices.values())
    vendors = Counter(ds.vendors[d.vendor].name if readers else d.vendor for d in devices)
    kinds = Counter(d.kind.upper() if readers else d.kind for d in devices)
    markets = Counter(market_words(d.market) if readers else d.market for d in devices)
    share = overall_share(ds)
    full = sum(complete(d, ds) for d in devices)
    lines = [
        f"coverage: {len(devices)} devices; {full} meet the completeness contract in full",
        _counts("by vendor", vendors),
        _counts("by kind", kinds),
        _counts("by market", markets),
        _counts("by scope", Counter(d.scope for d in devices)),
        f"sources: {share.figures} numeric figures; {share.percent(share.citable):.1f}% have a "
        f"vendor, vendor-copy or reference source; {share.percent(share.vendor_traced):.1f}% "
        "are stated, halved or converted with a quote from a vendor or vendor-copy source "
        "that prints them",
        f"basis: {share.basis_figures} peak-rate, memory, power and scale-up figures, each "
        f"stated, halved, converted or derived; {share.derived} derived by xpuref.calc; "
        f"{share.quoted} of the other {share.quotable} "
        f"({100.0 * share.quoted / share.quotable if share.quotable else 100.0:.1f}%) carry a "
        "quote that prints them",
    ]
    if ds.measured:
        cited = {r.device for r, f in ds.measured if f.page(r) is not None}
        runs = sum(f.run is not None for _, f in ds.measured)
        lines.append(
            f"measured: {len(ds.measured)} figures on {len({r.device for r, _ in ds.measured})} "
            f"SKUs; {len(cited)} SKUs carry a figure from a cited source; {runs} from our own "
            f"runs of xpuref measure; {len(ds.warnings)} flagged as suspect"
        )
    return "\n".join(lines)


#: How each tier reads on a page, next to the source it describes.
TIER_LABELS: dict[str, str] = {
    "vendor": "vendor document",
    "vendor-copy": "copy of a vendor document",
    "reference": "reference",
    "other": "supporting page only",
}


def source_tiers(sources: Sequence[Source], maker: str, ds: Dataset) -> dict[str, str]:
    """Each source id with the tier its page has for a part made by ``maker`` (as displayed)."""
    labels = {}
    for source in sources:
        tier = ds.registry.tier_for(source.url, maker)
        labels[source.id] = TIER_LABELS.get(tier or "", "unregistered")
    return labels


def device_source_tiers(device: Device, ds: Dataset) -> dict[str, str]:
    """A device's source tiers, saying for a reference whether it cites the vendor's document."""
    labels = source_tiers(device.sources, device.vendor, ds)
    for i, source in enumerate(device.sources):
        if labels[source.id] == "reference" and traces_to_vendor(device, i, ds):
            labels[source.id] = "reference citing the vendor's document"
    return labels
