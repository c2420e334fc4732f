"""Log MFU in a training loop: the device's dense BF16 peak against the model's FLOPs/token."""
import json, sys, xpuref  # noqa: E401
name, config, tokens_per_s = sys.argv[1], sys.argv[2], float(sys.argv[3])  # name: from torch
peak = xpuref.lookup(name).peak_flops("bf16", unit="matrix")  # dense FLOP/s of one device
model = xpuref.TransformerConfig.from_hf_config(json.load(open(config)))
flops = xpuref.model_flops_per_token(model, seq=4096)  # 6 x forward FLOPs per token (2 per MAC)
run = xpuref.mfu(flops, peak_flops=peak, tokens_per_s=tokens_per_s)  # tokens/s of this device
print(f"{name}: MFU {run['mfu']:.1%} of {peak / 1e12:g} TFLOPS dense BF16")
