"""The math behind xpuref's numbers: model cost, training compute, memory, roofline, export rules.

Serving capacity (KV cache per token and per device, tokens and concurrent sequences that fit)
and training utilisation (MFU, HFU) are computed from a model's shape and a device's dense peak.

Conventions: one multiply-accumulate (MAC) is two FLOPs and every cost reports both macs
and flops. Attention score and value matmuls are counted over the full sequence (no causal
halving); norms, activations, softmax and embedding lookups are not counted as MACs, and
biases add parameters but no MACs. Inputs and outputs are SI: FLOPs, bytes, seconds,
FLOP/s, bytes/s (device records keep the site's TFLOPS and GB/s; TPP is in the regulation's
own units). Numeric formats (fp64 ... int4: key, label, bits, bytes, units) are one table,
``PRECISIONS``; tf32 is stored in 4 bytes, fp6 in three quarters and fp4 and int4 in half a
byte. Every
function is pure: rules and model descriptions arrive as arguments (xpuref.data loads and
validates them); bad arguments raise ValueError naming the argument. Only the standard
library is imported.
"""

from xpuref.calc._cost import Cost
from xpuref.calc._derive import FORMULAS, derive_figure, formula_text, memory_bandwidth_gbs
from xpuref.calc._device import device_derived, device_export, device_export_classes
from xpuref.calc._dtypes import dtype_bytes, tensor_bytes
from xpuref.calc._export import (
    EXPORT_CLASSES,
    RETICLE_LIMIT_MM2,
    area_bounds,
    check_rule,
    classify,
    classify_explain,
    condition_leaves,
    device_tpp,
    export_metrics,
    fold_condition,
    missing_words,
    performance_density,
    tpp,
)
from xpuref.calc._export_bounds import export_answer, possible_classes, tpp_bounds_for_classes
from xpuref.calc._layers import Conv2dCost, conv2d, conv_output_size, linear
from xpuref.calc._llm import expected_experts, llm_inference
from xpuref.calc._memory import (
    activation_bytes_per_layer,
    kv_cache_bytes,
    training_extra_bytes,
    training_state_bytes,
    training_state_parts,
    weights_bytes,
)
from xpuref.calc._mfu import mfu, model_flops_per_token, training_flops_per_token
from xpuref.calc._precisions import (
    BIT_LENGTHS,
    DTYPE_BYTES,
    PRECISIONS,
    RATE_ORDER,
    SPARSE_KEYS,
    Precision,
    precision_table,
)
from xpuref.calc._presets import MODEL_KINDS, model_cost, preset_transformer
from xpuref.calc._results import (
    ClassOutcome,
    DeviceDerived,
    ExportAnswer,
    ExportMetrics,
    ExportReport,
    Interval,
    LlmEstimate,
    Outcome,
)
from xpuref.calc._roofline import (
    attainable_flops,
    bound_by,
    gemm_bytes,
    gemm_intensity,
    gpu_hours,
    ridge_point,
    roofline_time,
)
from xpuref.calc._serving import kv_bytes_per_token, kv_capacity, kv_sequence_bytes, kv_tokens_in
from xpuref.calc._system import system_totals
from xpuref.calc._training import megatron_iteration_flops, training_flops, training_time
from xpuref.calc._transformer import (
    TransformerConfig,
    transformer_config,
    transformer_forward,
    transformer_params,
    transformer_token_macs,
)
from xpuref.calc._units import (
    GIB,
    flops_to_tflops,
    gb_to_gib,
    gib_to_gb,
    link_raw_gbs,
    tflops_to_flops,
)

__all__ = [
    "BIT_LENGTHS",
    "DTYPE_BYTES",
    "EXPORT_CLASSES",
    "FORMULAS",
    "GIB",
    "MODEL_KINDS",
    "PRECISIONS",
    "RATE_ORDER",
    "RETICLE_LIMIT_MM2",
    "SPARSE_KEYS",
    "ClassOutcome",
    "Conv2dCost",
    "Cost",
    "DeviceDerived",
    "ExportAnswer",
    "ExportMetrics",
    "ExportReport",
    "Interval",
    "LlmEstimate",
    "Outcome",
    "Precision",
    "TransformerConfig",
    "activation_bytes_per_layer",
    "area_bounds",
    "attainable_flops",
    "bound_by",
    "check_rule",
    "classify",
    "classify_explain",
    "condition_leaves",
    "conv2d",
    "conv_output_size",
    "derive_figure",
    "device_derived",
    "device_export",
    "device_export_classes",
    "device_tpp",
    "dtype_bytes",
    "expected_experts",
    "export_answer",
    "export_metrics",
    "flops_to_tflops",
    "fold_condition",
    "formula_text",
    "gb_to_gib",
    "gemm_bytes",
    "gemm_intensity",
    "gib_to_gb",
    "gpu_hours",
    "kv_bytes_per_token",
    "kv_cache_bytes",
    "kv_capacity",
    "kv_sequence_bytes",
    "kv_tokens_in",
    "linear",
    "link_raw_gbs",
    "llm_inference",
    "megatron_iteration_flops",
    "memory_bandwidth_gbs",
    "mfu",
    "missing_words",
    "model_cost",
    "model_flops_per_token",
    "performance_density",
    "possible_classes",
    "precision_table",
    "preset_transformer",
    "ridge_point",
    "roofline_time",
    "system_totals",
    "tensor_bytes",
    "tflops_to_flops",
    "tpp",
    "tpp_bounds_for_classes",
    "training_extra_bytes",
    "training_flops",
    "training_flops_per_token",
    "training_state_bytes",
    "training_state_parts",
    "training_time",
    "transformer_config",
    "transformer_forward",
    "transformer_params",
    "transformer_token_macs",
    "weights_bytes",
]
