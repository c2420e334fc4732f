"""Figure builders: plotly figure dicts made only from catalog values and xpuref.calc results."""

from xpuref.views.figures._common import HALF, Chart, vendor_colors
from xpuref.views.figures._efficiency import efficiency
from xpuref.views.figures._export_map import class_regions, export_map, not_placed
from xpuref.views.figures._roofline import device_roofline, roofline_explorer
from xpuref.views.figures._timeline import architecture_timeline
from xpuref.views.figures._trends import trends

__all__ = [
    "HALF",
    "Chart",
    "architecture_timeline",
    "class_regions",
    "device_roofline",
    "efficiency",
    "export_map",
    "not_placed",
    "roofline_explorer",
    "trends",
    "vendor_colors",
]
