/* xpuref-calc: the browser port of the Python module xpuref.calc (same names, same numbers).
 *
 * Pure functions, no DOM. Keyword arguments of the Python functions are passed as one
 * trailing options object, e.g. conv2d(1, 3, 64, 224, 224, 7, {stride: 2, padding: 3}).
 * Units are SI (FLOPs, bytes, seconds, FLOP/s, bytes/s); device records keep the site's
 * TFLOPS and GB/s. One multiply-accumulate (MAC) counts as two FLOPs. Bad arguments throw a
 * CalcError whose .argument names the offending argument; results are never NaN or Infinity.
 * Works as a browser global (window.xpurefCalc) and as a CommonJS module under Node.
 */
(function (root, factory) {
  "use strict";
  if (typeof module === "object" && module && module.exports) {
    module.exports = factory();
  } else if (!root.xpurefCalc) {
    root.xpurefCalc = factory();
    // Scripts injected by instant navigation may load in any order: tell the page.
    if (typeof root.dispatchEvent === "function" && typeof Event === "function") {
      root.dispatchEvent(new Event("xpuref-calc-ready"));
    }
  }
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";

  /* ---------- errors and argument checks (xpuref.calc._validate) ---------- */

  function CalcError(argument, message) {
    var error = new Error(message);
    Object.setPrototypeOf(error, CalcError.prototype);
    error.name = "CalcError";
    error.argument = argument;
    return error;
  }
  CalcError.prototype = Object.create(Error.prototype);
  CalcError.prototype.constructor = CalcError;

  function repr(value) {
    if (value === null || value === undefined) return "None";
    if (value === true) return "True";
    if (value === false) return "False";
    if (typeof value === "string") return "'" + value + "'";
    if (typeof value === "number") return String(value);
    try { return JSON.stringify(value); } catch (e) { return String(value); }
  }

  function fail(argument, text) {
    throw CalcError(argument, argument + " " + text);
  }

  function isMapping(value) {
    return value !== null && typeof value === "object" && !Array.isArray(value);
  }

  function given(value) {
    return value !== undefined && value !== null;
  }

  function opt(options, key, fallback) {
    if (options === undefined || options === null) return fallback;
    if (!isMapping(options)) throw CalcError("options", "options must be an object");
    return options[key] === undefined ? fallback : options[key];
  }

  var SMALLEST = 1e-30;
  var LARGEST = 1e30;
  var MAX_COUNT = 9007199254740992;

  function checkCount(name, value, minimum) {
    var least = minimum === undefined ? 1 : minimum;
    if (typeof value !== "number" || !Number.isInteger(value)) {
      fail(name, "must be an integer, got " + repr(value));
    }
    if (value < least) fail(name, "must be >= " + least + ", got " + repr(value));
    if (value > MAX_COUNT) fail(name, "must be at most 2**53, got " + repr(value));
    return value;
  }

  function checkNumber(name, value, allowZero) {
    if (typeof value !== "number") fail(name, "must be a real number, got " + repr(value));
    if (!isFinite(value)) fail(name, "must be finite, got " + repr(value));
    if (value < 0 || (value === 0 && !allowZero)) {
      fail(name, "must be " + (allowZero ? ">= 0" : "> 0") + ", got " + repr(value));
    }
    if (value > LARGEST || (value > 0 && value < SMALLEST)) {
      fail(name, "must be 0 or between 1e-30 and 1e30, got " + repr(value));
    }
    return value;
  }

  function checkChoice(name, value, choices) {
    if (typeof value !== "string" || choices.indexOf(value) === -1) {
      fail(name, "must be one of " + choices.join(", ") + "; got " + repr(value));
    }
    return value;
  }

  function checkBool(name, value) {
    if (typeof value !== "boolean") fail(name, "must be True or False, got " + repr(value));
    return value;
  }

  function cost(params, macs) {
    return { params: params, macs: macs, flops: 2 * macs };
  }

  function addCost(a, b) {
    return cost(a.params + b.params, a.macs + b.macs);
  }

  /* ---------- numeric formats (xpuref.calc._dtypes) ---------- */

  var DTYPE_BYTES = Object.freeze({
    fp64: 8, fp32: 4, tf32: 4, bf16: 2, fp16: 2, fp8: 1, int8: 1, int4: 0.5
  });
  var DTYPES = Object.keys(DTYPE_BYTES);

  function dtype_bytes(dtype, options) {
    var name = opt(options, "name", "dtype");
    return DTYPE_BYTES[checkChoice(name, dtype, DTYPES)];
  }

  function tensor_bytes(shape, dtype, options) {
    if (isMapping(dtype)) { options = dtype; dtype = undefined; }
    var kind = dtype === undefined ? opt(options, "dtype", "fp32") : dtype;
    if (!Array.isArray(shape) || shape.length === 0) {
      fail("shape", "must be a non-empty sequence of integers, got " + repr(shape));
    }
    var elements = 1;
    for (var i = 0; i < shape.length; i += 1) {
      elements *= checkCount("shape[" + i + "]", shape[i]);
    }
    return Math.ceil(elements * dtype_bytes(kind));
  }

  /* ---------- layers (xpuref.calc._layers) ---------- */

  function pair(name, value, minimum) {
    if (Array.isArray(value)) {
      if (value.length !== 2) fail(name, "must be an int or an (h, w) pair, got " + repr(value));
      return [checkCount(name + "[0]", value[0], minimum), checkCount(name + "[1]", value[1], minimum)];
    }
    var size = checkCount(name, value, minimum);
    return [size, size];
  }

  function conv_output_size(size, kernel, stride, padding) {
    return Math.floor((size + 2 * padding - kernel) / stride) + 1;
  }

  function conv2d(batch, c_in, c_out, h_in, w_in, kernel, options) {
    checkCount("batch", batch);
    checkCount("c_in", c_in);
    checkCount("c_out", c_out);
    checkCount("h_in", h_in);
    checkCount("w_in", w_in);
    var k = pair("kernel", kernel, 1);
    var s = pair("stride", opt(options, "stride", 1), 1);
    var p = pair("padding", opt(options, "padding", 0), 0);
    var groups = checkCount("groups", opt(options, "groups", 1));
    var bias = checkBool("bias", opt(options, "bias", true));
    if (c_in % groups || c_out % groups) {
      throw CalcError("groups", "groups (" + groups + ") must divide c_in (" + c_in +
        ") and c_out (" + c_out + ")");
    }
    var hOut = conv_output_size(h_in, k[0], s[0], p[0]);
    var wOut = conv_output_size(w_in, k[1], s[1], p[1]);
    if (hOut < 1 || wOut < 1) {
      throw CalcError("kernel", "kernel " + k[0] + "x" + k[1] + " does not fit the padded input " +
        h_in + "x" + w_in);
    }
    var weights = k[0] * k[1] * (c_in / groups) * c_out;
    var result = cost(weights + (bias ? c_out : 0), weights * hOut * wOut * batch);
    result.h_out = hOut;
    result.w_out = wOut;
    return result;
  }

  function linear(in_features, out_features, options) {
    checkCount("in_features", in_features);
    checkCount("out_features", out_features);
    var tokens = checkCount("tokens", opt(options, "tokens", 1));
    var bias = checkBool("bias", opt(options, "bias", true));
    var weights = in_features * out_features;
    return cost(weights + (bias ? out_features : 0), weights * tokens);
  }

  /* ---------- decoder-only transformers (xpuref.calc._transformer) ---------- */

  var NORMS = ["rmsnorm", "layernorm"];
  var CONFIG_KEYS = ["vocab", "hidden", "layers", "heads", "kv_heads", "ffn", "gated_mlp",
    "tied_embeddings", "experts", "top_k", "norm", "bias", "learned_positions", "head_dim",
    "qkv_bias", "qk_norm", "layer_norms", "attention_sinks", "kv_lora_rank", "q_lora_rank",
    "qk_rope_head_dim", "sliding_window", "global_every", "shared_experts", "expert_ffn",
    "dense_layers"];
  var DEFAULTED = ["kv_heads", "ffn", "head_dim", "expert_ffn"];  // None means "the default"
  var SWITCHES = ["gated_mlp", "tied_embeddings", "bias", "qkv_bias", "qk_norm", "attention_sinks"];
  var ZERO_COUNTS = [["layer_norms", 2], ["kv_lora_rank", 0], ["q_lora_rank", 0],
    ["qk_rope_head_dim", 0], ["sliding_window", 0], ["global_every", 0], ["shared_experts", 0]];
  var CHECKED = "__xpurefCheckedConfig";

  function checkRelations(c, qkvBias, experts, dense, layers) {
    if (Boolean(c.kv_lora_rank) !== Boolean(c.qk_rope_head_dim)) {
      throw CalcError("qk_rope_head_dim", "qk_rope_head_dim and kv_lora_rank go together: " +
        "multi-head latent attention needs both (or neither)");
    }
    if (c.q_lora_rank && !c.kv_lora_rank) {
      fail("q_lora_rank", "needs multi-head latent attention (kv_lora_rank > 0)");
    }
    if (qkvBias && c.kv_lora_rank) fail("qkv_bias", "is not defined for multi-head latent attention");
    if (c.global_every && !c.sliding_window) fail("global_every", "needs a sliding_window");
    if (c.shared_experts && experts === 1) fail("shared_experts", "needs experts > 1");
    if (dense && experts === 1) {
      fail("dense_layers", "needs experts > 1 (every layer of a dense model is dense)");
    }
    if (dense > layers) {
      throw CalcError("dense_layers", "dense_layers (" + dense + ") must not exceed layers (" + layers + ")");
    }
  }

  function transformer_config(fields) {
    if (isMapping(fields) && fields[CHECKED] === true) return fields;
    if (!isMapping(fields)) fail("cfg", "must be a mapping of TransformerConfig fields, got " + repr(fields));
    Object.keys(fields).forEach(function (key) {
      if (CONFIG_KEYS.indexOf(key) === -1) fail(key, "is not a TransformerConfig field");
    });
    function field(key, fallback) {  // only DEFAULTED fields take None for their default
      var value = fields[key];
      if (value === undefined || (value === null && DEFAULTED.indexOf(key) !== -1)) return fallback;
      return value;
    }
    var switches = {};
    SWITCHES.forEach(function (key) { switches[key] = checkBool(key, field(key, false)); });
    var vocab = checkCount("vocab", fields.vocab);
    var hidden = checkCount("hidden", fields.hidden);
    var layers = checkCount("layers", fields.layers);
    var heads = checkCount("heads", fields.heads);
    var kv = checkCount("kv_heads", field("kv_heads", heads));
    var ffn = checkCount("ffn", field("ffn", 4 * hidden));
    var experts = checkCount("experts", field("experts", 1));
    var topK = checkCount("top_k", field("top_k", 1));
    var norm = checkChoice("norm", field("norm", "rmsnorm"), NORMS);
    var positions = checkCount("learned_positions", field("learned_positions", 0), 0);
    var rawHead = field("head_dim", null);
    var explicitHead = rawHead === null ? null : checkCount("head_dim", rawHead);
    var counts = {};
    ZERO_COUNTS.forEach(function (pair) { counts[pair[0]] = checkCount(pair[0], field(pair[0], pair[1]), 0); });
    var expertFfn = checkCount("expert_ffn", field("expert_ffn", ffn));
    var dense = checkCount("dense_layers", field("dense_layers", 0), 0);
    if (explicitHead === null && hidden % heads) {
      throw CalcError("heads", "heads (" + heads + ") must divide hidden (" + hidden + "), or give head_dim");
    }
    if (heads % kv) {
      throw CalcError("kv_heads", "kv_heads (" + kv + ") must divide heads (" + heads + ")");
    }
    if (topK > experts) {
      throw CalcError("top_k", "top_k (" + topK + ") must not exceed experts (" + experts + ")");
    }
    checkRelations(counts, switches.qkv_bias, experts, dense, layers);
    var headDim = explicitHead === null ? Math.floor(hidden / heads) : explicitHead;
    var local = 0;
    if (counts.sliding_window) local = counts.global_every ? layers - Math.floor(layers / counts.global_every) : layers;
    var cfg = {
      vocab: vocab, hidden: hidden, layers: layers, heads: heads, kv_heads: kv, ffn: ffn,
      experts: experts, top_k: topK, norm: norm, learned_positions: positions, head_dim: headDim,
      expert_ffn: expertFfn, dense_layers: dense,
      q_dim: heads * headDim, kv_dim: kv * headDim, local_layers: local,
      moe_layers: experts === 1 ? 0 : layers - dense
    };
    SWITCHES.forEach(function (key) { cfg[key] = switches[key]; });
    Object.keys(counts).forEach(function (key) { cfg[key] = counts[key]; });
    Object.defineProperty(cfg, CHECKED, { value: true, enumerable: false });
    return Object.freeze(cfg);
  }

  function normParams(cfg) {
    return cfg.norm === "layernorm" && cfg.bias ? 2 * cfg.hidden : cfg.hidden;
  }

  function attentionMatrices(cfg) {
    var h = cfg.hidden;
    var d = cfg.head_dim;
    var n = cfg.heads;
    if (cfg.kv_lora_rank) {
      var rope = cfg.qk_rope_head_dim;
      var rank = cfg.kv_lora_rank;
      var qRank = cfg.q_lora_rank;
      var query = qRank ? h * qRank + qRank * n * (d + rope) : h * n * (d + rope);
      var latent = h * (rank + rope) + rank * n * 2 * d;
      return query + latent + n * d * h;
    }
    return 2 * h * cfg.q_dim + 2 * h * cfg.kv_dim;
  }

  function attentionParams(cfg) {
    var total = attentionMatrices(cfg);
    if (cfg.kv_lora_rank) total += cfg.kv_lora_rank + cfg.q_lora_rank;
    else if (cfg.bias) total += cfg.q_dim + 2 * cfg.kv_dim + cfg.hidden;
    else if (cfg.qkv_bias) total += cfg.q_dim + 2 * cfg.kv_dim;
    if (cfg.qk_norm) total += 2 * cfg.head_dim;
    if (cfg.attention_sinks) total += cfg.heads;
    return total;
  }

  function mlpMatrices(cfg, width) {
    return (cfg.gated_mlp ? 3 : 2) * cfg.hidden * width;
  }

  function mlpParams(cfg, width) {
    if (!cfg.bias) return mlpMatrices(cfg, width);
    return mlpMatrices(cfg, width) + (cfg.gated_mlp ? 2 * width + cfg.hidden : width + cfg.hidden);
  }

  function routerParams(cfg) {
    if (cfg.experts === 1) return 0;
    return cfg.hidden * cfg.experts + (cfg.bias ? cfg.experts : 0);
  }

  function transformer_params(cfgFields, options) {
    var cfg = transformer_config(cfgFields);
    var active = checkBool("active", opt(options, "active", false));
    var routed = active ? cfg.top_k : cfg.experts;
    var common = cfg.layer_norms * normParams(cfg) + attentionParams(cfg);
    var denseMlp = mlpParams(cfg, cfg.ffn);
    var moeMlp = (routed + cfg.shared_experts) * mlpParams(cfg, cfg.expert_ffn) + routerParams(cfg);
    var moe = cfg.moe_layers;
    var body = cfg.layers * common + (cfg.layers - moe) * denseMlp + moe * moeMlp;
    var embeddings = cfg.vocab * cfg.hidden + cfg.learned_positions * cfg.hidden;
    var head = cfg.tied_embeddings ? 0 : cfg.vocab * cfg.hidden;
    return embeddings + body + normParams(cfg) + head;
  }

  function attendedKeys(cfg, seq) {
    var local = cfg.local_layers;
    return (cfg.layers - local) * seq + local * Math.min(seq, cfg.sliding_window);
  }

  /** Forward MACs per token at sequence length seq (attention over every key kept). */
  function transformer_token_macs(cfg, seq) {
    var perKey = cfg.kv_lora_rank ? cfg.heads * (2 * cfg.head_dim + cfg.qk_rope_head_dim) : 2 * cfg.q_dim;
    var moe = cfg.moe_layers;
    var denseMlp = mlpMatrices(cfg, cfg.ffn);
    var expert = mlpMatrices(cfg, cfg.expert_ffn);
    var moeMlp = (cfg.top_k + cfg.shared_experts) * expert + cfg.hidden * cfg.experts;
    var mlp = (cfg.layers - moe) * denseMlp + moe * moeMlp;
    var projections = cfg.layers * attentionMatrices(cfg);
    var attention = attendedKeys(cfg, seq) * perKey;
    return projections + attention + mlp + cfg.hidden * cfg.vocab;
  }

  function transformer_forward(cfgFields, options) {
    var cfg = transformer_config(cfgFields);
    var params = transformer_params(cfg);
    var batch = checkCount("batch", opt(options, "batch", undefined));
    var seq = checkCount("seq", opt(options, "seq", undefined));
    return cost(params, batch * seq * transformer_token_macs(cfg, seq));
  }

  /* ---------- presets (xpuref.calc._presets) ---------- */

  function Net(batch, channels, size) {
    this.batch = batch;
    this.c = channels;
    this.h = size;
    this.w = size;
    this.params = 0;
    this.macs = 0;
  }
  Net.prototype.add = function (piece) {
    this.params += piece.params;
    this.macs += piece.macs;
  };
  Net.prototype.conv = function (cOut, kernel, o) {
    var settings = o || {};
    var piece = conv2d(this.batch, this.c, cOut, this.h, this.w, kernel, {
      stride: settings.stride === undefined ? 1 : settings.stride,
      padding: settings.padding === undefined ? 0 : settings.padding,
      groups: settings.groups === undefined ? 1 : settings.groups,
      bias: settings.bias === undefined ? false : settings.bias
    });
    this.add(piece);
    if (settings.batchnorm === undefined || settings.batchnorm) this.params += 2 * cOut;
    this.c = cOut;
    this.h = piece.h_out;
    this.w = piece.w_out;
  };
  Net.prototype.branch = function () {
    var other = new Net(this.batch, this.c, this.h);
    other.w = this.w;
    return other;
  };
  Net.prototype.merge = function (other) { this.add(other); };
  Net.prototype.pool = function (kernel, stride, padding) {
    this.h = conv_output_size(this.h, kernel, stride, padding || 0);
    this.w = conv_output_size(this.w, kernel, stride, padding || 0);
  };
  Net.prototype.adaptivePool = function (size) { this.h = size; this.w = size; };
  Net.prototype.linear = function (out, bias) {
    this.add(linear(this.c * this.h * this.w, out, { tokens: this.batch, bias: bias === undefined ? true : bias }));
    this.c = out;
    this.h = 1;
    this.w = 1;
  };
  Net.prototype.cost = function () { return cost(this.params, this.macs); };

  function num(value) { return Number(value); }

  function resnet(arch, batch) {
    var bottleneck = arch.block === "bottleneck";
    var expansion = bottleneck ? 4 : 1;
    var net = new Net(batch, 3, num(arch.image));
    net.conv(64, 7, { stride: 2, padding: 3 });
    net.pool(3, 2, 1);
    arch.blocks.forEach(function (repeats, stage) {
      var planes = 64 * Math.pow(2, stage);
      for (var index = 0; index < num(repeats); index += 1) {
        var stride = stage > 0 && index === 0 ? 2 : 1;
        if (stride !== 1 || net.c !== planes * expansion) {
          var shortcut = net.branch();
          shortcut.conv(planes * expansion, 1, { stride: stride });
          net.merge(shortcut);
        }
        if (bottleneck) {
          net.conv(planes, 1);
          net.conv(planes, 3, { stride: stride, padding: 1 });
          net.conv(planes * expansion, 1);
        } else {
          net.conv(planes, 3, { stride: stride, padding: 1 });
          net.conv(planes, 3, { padding: 1 });
        }
      }
    });
    net.adaptivePool(1);
    net.linear(num(arch.classes));
    return net.cost();
  }

  function vgg(arch, batch) {
    var net = new Net(batch, 3, num(arch.image));
    arch.config.forEach(function (item) {
      if (item === "M") net.pool(2, 2);
      else net.conv(num(item), 3, { padding: 1, bias: true, batchnorm: false });
    });
    net.adaptivePool(num(arch.pool_to));
    arch.classifier.forEach(function (width) { net.linear(num(width)); });
    net.linear(num(arch.classes));
    return net.cost();
  }

  function sequential(arch, batch) {
    var net = new Net(batch, num(arch.channels), num(arch.image));
    arch.layers.forEach(function (layer) {
      var op = Object.keys(layer)[0];
      var spec = layer[op];
      if (op === "conv") {
        net.conv(num(spec.out), num(spec.kernel), {
          stride: num(given(spec.stride) ? spec.stride : 1),
          padding: num(given(spec.padding) ? spec.padding : 0),
          groups: num(given(spec.groups) ? spec.groups : 1),
          bias: given(spec.bias) ? Boolean(spec.bias) : true,
          batchnorm: given(spec.batchnorm) ? Boolean(spec.batchnorm) : false
        });
      } else if (op === "maxpool") {
        net.pool(num(spec.kernel), num(spec.stride), num(given(spec.padding) ? spec.padding : 0));
      } else if (op === "adaptive_avgpool") {
        net.adaptivePool(num(spec));
      } else if (op === "linear") {
        net.linear(num(spec.out), given(spec.bias) ? Boolean(spec.bias) : true);
      } else {
        throw CalcError("preset", "unknown layer " + repr(op) + " in models.yaml");
      }
    });
    return net.cost();
  }

  function mobilenetV2(arch, batch) {
    var net = new Net(batch, 3, num(arch.image));
    net.conv(num(arch.stem), 3, { stride: 2, padding: 1 });
    arch.settings.forEach(function (row) {
      var expand = num(row[0]);
      for (var index = 0; index < num(row[2]); index += 1) {
        var stride = index === 0 ? num(row[3]) : 1;
        var hidden = Math.round(net.c * expand);
        if (expand !== 1) net.conv(hidden, 1);
        net.conv(hidden, 3, { stride: stride, padding: 1, groups: hidden });
        net.conv(num(row[1]), 1);
      }
    });
    net.conv(num(arch.last), 1);
    net.adaptivePool(1);
    net.linear(num(arch.classes));
    return net.cost();
  }

  function vit(arch, batch) {
    var image = num(arch.image);
    var patch = num(arch.patch);
    var h = num(arch.hidden);
    var mlp = num(arch.mlp);
    var layers = num(arch.layers);
    var net = new Net(batch, 3, image);
    net.conv(h, patch, { stride: patch, bias: true, batchnorm: false });
    var tokens = net.h * net.w + 1;
    var perLayerParams = 2 * 2 * h + (3 * h * h + 3 * h) + (h * h + h) + (2 * h * mlp + mlp + h);
    var perLayerMacs = tokens * (4 * h * h + 2 * h * mlp) + 2 * tokens * tokens * h;
    var params = net.params + h + tokens * h + layers * perLayerParams + 2 * h;
    var head = linear(h, num(arch.classes), { tokens: batch });
    return addCost(cost(params, net.macs + batch * layers * perLayerMacs), head);
  }

  function encoder(arch, batch) {
    var h = num(arch.hidden);
    var f = num(arch.ffn);
    var layers = num(arch.layers);
    var seq = num(arch.seq);
    var embeddings = (num(arch.vocab) + num(arch.max_positions) + num(arch.token_types)) * h;
    var perLayerParams = (4 * h * h + 4 * h) + (2 * h * f + f + h) + 2 * 2 * h;
    var perLayerMacs = seq * (4 * h * h + 2 * h * f) + 2 * seq * seq * h;
    var pooler = linear(h, h, { tokens: batch });
    var body = cost(embeddings + 2 * h + layers * perLayerParams, batch * layers * perLayerMacs);
    return addCost(body, pooler);
  }

  function decoderConfig(arch) {
    var fields = {};
    Object.keys(arch).forEach(function (key) {
      if (key !== "kind" && key !== "seq") fields[key] = arch[key];
    });
    return fields;
  }

  function decoder(arch, batch) {
    return transformer_forward(decoderConfig(arch), { batch: batch, seq: num(arch.seq) });
  }

  var BUILDERS = {
    resnet: resnet, vgg: vgg, sequential: sequential, mobilenet_v2: mobilenetV2,
    vit: vit, encoder: encoder, decoder: decoder
  };

  function presetArchitecture(preset) {
    var arch = isMapping(preset) ? preset.architecture : undefined;
    if (!isMapping(arch) || !Object.prototype.hasOwnProperty.call(BUILDERS, arch.kind)) {
      fail("preset", "must be a preset from models.yaml with a known architecture kind");
    }
    return arch;
  }

  function model_cost(preset, options) {
    var arch = presetArchitecture(preset);
    var batch = checkCount("batch", opt(options, "batch", 1));
    return BUILDERS[arch.kind](arch, batch);
  }

  /** The TransformerConfig fields of a decoder preset, or null for other kinds. */
  function preset_transformer(preset) {
    if (!isMapping(preset)) fail("preset", "must be a mapping, got " + repr(preset));
    var arch = isMapping(preset.architecture) ? preset.architecture : preset;
    if (!Object.prototype.hasOwnProperty.call(BUILDERS, arch.kind)) {
      fail("preset", "must hold an architecture of a known kind, got " + repr(preset));
    }
    return arch.kind === "decoder" ? decoderConfig(arch) : null;
  }

  /* ---------- training (xpuref.calc._training) ---------- */

  function training_flops(params, tokens) {
    return 6.0 * checkNumber("params", params) * checkNumber("tokens", tokens);
  }

  function megatron_iteration_flops(batch, seq, layers, hidden, vocab, options) {
    var b = checkCount("batch", batch);
    var s = checkCount("seq", seq);
    var l = checkCount("layers", layers);
    var h = checkCount("hidden", hidden);
    var v = checkCount("vocab", vocab);
    var recompute = checkBool("recompute", opt(options, "recompute", false));
    if (recompute) return 96.0 * b * s * l * h * h * (1 + s / (6 * h) + v / (16 * l * h));
    return 72.0 * b * s * l * h * h * (1 + s / (6 * h) + v / (12 * l * h));
  }

  function training_time(params, tokens, gpus, flops_per_gpu, options) {
    var n = checkNumber("params", params);
    var d = checkNumber("tokens", tokens);
    var count = checkCount("gpus", gpus);
    var rate = checkNumber("flops_per_gpu", flops_per_gpu);
    var recompute = checkBool("recompute", opt(options, "recompute", false));
    var factor = recompute ? 8.0 : 6.0;
    return factor * n * d / (count * rate);
  }

  /* ---------- memory (xpuref.calc._memory) ---------- */

  var STATE_BYTES = {
    "mixed adam": [2, 2, 12], "mixed sgd": [2, 2, 8], "fp32 adam": [4, 4, 8], "fp32 sgd": [4, 4, 4]
  };

  function weights_bytes(params, dtype) {
    var n = checkNumber("params", params);
    return n * dtype_bytes(dtype);
  }

  function kv_cache_bytes(layers, kv_heads, head_dim, tokens, options) {
    var elements = 2 * checkCount("layers", layers) * checkCount("kv_heads", kv_heads) *
      checkCount("head_dim", head_dim) * checkCount("tokens", tokens) *
      checkCount("batch", opt(options, "batch", 1));
    return elements * dtype_bytes(opt(options, "dtype", "fp16"));
  }

  /** Per-GPU bytes of weights, gradients and optimizer states under ZeRO, kept apart. */
  function training_state_parts(params, options) {
    var n = checkNumber("params", params);
    var optimizer = checkChoice("optimizer", opt(options, "optimizer", "adam"), ["adam", "sgd"]);
    var precision = checkChoice("precision", opt(options, "precision", "mixed"), ["mixed", "fp32"]);
    var stage = checkCount("zero_stage", opt(options, "zero_stage", 0), 0);
    if (stage > 3) fail("zero_stage", "must be 0, 1, 2 or 3, got " + repr(stage));
    var ways = checkCount("dp", opt(options, "dp", 1));
    var bytes = STATE_BYTES[precision + " " + optimizer];
    var weights = bytes[0];
    var grads = bytes[1];
    var states = bytes[2];
    if (stage >= 1) states /= ways;
    if (stage >= 2) grads /= ways;
    if (stage >= 3) weights /= ways;
    return {
      per_param: weights + grads + states,
      weights: n * weights, gradients: n * grads, optimizer_states: n * states
    };
  }

  function training_state_bytes(params, options) {
    var parts = training_state_parts(params, options);
    return checkNumber("params", params) * parts.per_param;
  }

  function activation_bytes_per_layer(seq, batch, hidden, heads, options) {
    var s = checkCount("seq", seq);
    var b = checkCount("batch", batch);
    var h = checkCount("hidden", hidden);
    var a = checkCount("heads", heads);
    var t = checkCount("tp", opt(options, "tp", 1));
    if (a % t !== 0) throw CalcError("tp", "tp (" + t + ") must divide heads (" + a + "): each rank holds whole heads");
    var sp = checkBool("sequence_parallel", opt(options, "sequence_parallel", false));
    var mode = checkChoice("recompute", opt(options, "recompute", "none"), ["none", "selective", "full"]);
    var sbh = s * b * h;
    var attention = 5.0 * a * s / h;
    if (mode === "full") return sp ? 2.0 * sbh / t : 2.0 * sbh;
    if (mode === "selective") return sp ? 34.0 * sbh / t : sbh * (10.0 + 24.0 / t);
    if (sp) return sbh / t * (34.0 + attention);
    return sbh * (10.0 + 24.0 / t + attention / t);
  }

  /** Logits, the loss's fp32 copy and recomputation's working memory, in bytes. */
  function training_extra_bytes(seq, batch, hidden, heads, vocab, options) {
    var v = checkCount("vocab", vocab);
    var fp32Loss = checkBool("fp32_loss", opt(options, "fp32_loss", true));
    var mode = checkChoice("recompute", opt(options, "recompute", "none"), ["none", "selective", "full"]);
    var tp = opt(options, "tp", 1);
    var sp = opt(options, "sequence_parallel", false);
    var stored = activation_bytes_per_layer(seq, batch, hidden, heads, { tp: tp, sequence_parallel: sp, recompute: mode });
    var rebuilt = activation_bytes_per_layer(seq, batch, hidden, heads, { tp: tp, sequence_parallel: sp, recompute: "selective" });
    var values = seq * batch * v / tp;
    return {
      logits: values * dtype_bytes(opt(options, "compute_dtype", "bf16"), { name: "compute_dtype" }),
      loss_copy: fp32Loss ? values * 4.0 : 0.0,
      recompute_working: Math.max(0.0, rebuilt - stored)
    };
  }

  /* ---------- roofline (xpuref.calc._roofline) ---------- */

  function gemm_intensity(m, n, k, options) {
    checkCount("m", m);
    checkCount("n", n);
    checkCount("k", k);
    var size = dtype_bytes(opt(options, "dtype", "fp16"));
    return 2.0 * m * n * k / (size * (m * k + k * n + m * n));
  }

  function gemm_bytes(m, n, k, options) {
    checkCount("m", m);
    checkCount("n", n);
    checkCount("k", k);
    return dtype_bytes(opt(options, "dtype", "fp16")) * (m * k + k * n + m * n);
  }

  function bound_by(flops, bytes_moved, peak_flops, bandwidth) {
    var work = checkNumber("flops", flops, true);
    var traffic = checkNumber("bytes_moved", bytes_moved, true);
    var peak = checkNumber("peak_flops", peak_flops);
    var bw = checkNumber("bandwidth", bandwidth);
    if (work === 0 && traffic === 0) fail("flops", "and bytes_moved are both 0: there is no work to bound");
    return work / peak >= traffic / bw ? "compute" : "memory bandwidth";
  }

  function gpu_hours(seconds, gpus) {
    return checkNumber("seconds", seconds, true) * checkCount("gpus", gpus) / 3600.0;
  }

  function ridge_point(peak_flops, bandwidth) {
    return checkNumber("peak_flops", peak_flops) / checkNumber("bandwidth", bandwidth);
  }

  function attainable_flops(intensity, peak_flops, bandwidth) {
    var i = checkNumber("intensity", intensity, true);
    var peak = checkNumber("peak_flops", peak_flops);
    var bw = checkNumber("bandwidth", bandwidth);
    return Math.min(peak, i * bw);
  }

  function roofline_time(flops, bytes_moved, peak_flops, bandwidth) {
    var work = checkNumber("flops", flops, true);
    var traffic = checkNumber("bytes_moved", bytes_moved, true);
    var peak = checkNumber("peak_flops", peak_flops);
    var bw = checkNumber("bandwidth", bandwidth);
    return Math.max(work / peak, traffic / bw);
  }

  /* ---------- LLM inference bounds (xpuref.calc._llm) ---------- */

  /** E x (1 - (1 - k/E)^tokens): distinct experts tokens touch, each choosing k of E. */
  function expected_experts(experts, top_k, tokens) {
    var e = checkCount("experts", experts);
    var k = checkCount("top_k", top_k);
    if (k > e) fail("top_k", "(" + k + ") must not exceed experts (" + e + ")");
    var t = checkCount("tokens", tokens);
    return e * (1.0 - Math.pow(1.0 - k / e, t));
  }

  function routedExpertParams(cfg) {
    return cfg.experts === 1 ? 0 : mlpParams(cfg, cfg.expert_ffn);
  }

  /* Parameters a step over tokens reads, and the experts touched per MoE layer. */
  function readParams(cfg, tokens) {
    var params = transformer_params(cfg);
    if (cfg.moe_layers === 0) return [params, null];
    var touched = expected_experts(cfg.experts, cfg.top_k, tokens);
    return [params - cfg.moe_layers * (cfg.experts - touched) * routedExpertParams(cfg), touched];
  }

  function llm_inference(cfgFields, options) {
    var cfg = transformer_config(cfgFields);
    var batch = checkCount("batch", opt(options, "batch", undefined));
    var context = checkCount("context", opt(options, "context", undefined));
    var peak = checkNumber("peak_flops", opt(options, "peak_flops", undefined));
    var bw = checkNumber("bandwidth", opt(options, "bandwidth", undefined));
    var memoryRaw = opt(options, "memory_bytes", null);
    var memory = memoryRaw === null ? null : checkNumber("memory_bytes", memoryRaw);
    var params = transformer_params(cfg);
    var weightsDtype = opt(options, "weights_dtype", undefined);
    var size = dtype_bytes(weightsDtype, { name: "weights_dtype" });
    var weights = weights_bytes(params, weightsDtype);
    var kv = batch * sequenceBytes(cfg, context, dtype_bytes(opt(options, "kv_dtype", undefined), { name: "kv_dtype" }), 1);
    var decodeRead = readParams(cfg, batch);
    var prefillRead = readParams(cfg, batch * context);
    var decodeMoved = decodeRead[0] * size + kv;
    var prefillMoved = prefillRead[0] * size + kv;
    var decodeFlops = 2.0 * batch * transformer_token_macs(cfg, context);
    var prefillFlops = transformer_forward(cfg, { batch: batch, seq: context }).flops;
    var fits = memory === null ? null : (weights + kv <= memory ? "yes" : "no");
    var found = {
      params: params, weights: weights, kv_cache: kv, fits: fits,
      shortfall_bytes: memory === null ? null : Math.max(0.0, weights + kv - memory),
      experts_touched: decodeRead[1], decode_weights_read: decodeRead[0] * size,
      decode_bytes: decodeMoved, decode_flops: decodeFlops, prefill_flops: prefillFlops
    };
    var timed = ["decode_seconds", "decode_tokens_per_s", "decode_tokens_per_s_seq", "decode_bound",
      "prefill_seconds", "prefill_bound"];
    if (fits === "no") {
      timed.forEach(function (key) { found[key] = null; });
      return found;
    }
    var decodeSeconds = roofline_time(decodeFlops, decodeMoved, peak, bw);
    found.decode_seconds = decodeSeconds;
    found.decode_tokens_per_s = batch / decodeSeconds;
    found.decode_tokens_per_s_seq = 1.0 / decodeSeconds;
    found.decode_bound = bound_by(decodeFlops, decodeMoved, peak, bw);
    found.prefill_seconds = roofline_time(prefillFlops, prefillMoved, peak, bw);
    found.prefill_bound = bound_by(prefillFlops, prefillMoved, peak, bw);
    return found;
  }

  /* ---------- serving capacity (xpuref.calc._serving) ---------- */

  function layerTokenElements(cfg, tp) {
    if (cfg.heads % tp) throw CalcError("tp", "tp (" + tp + ") must divide heads (" + cfg.heads + ")");
    if (cfg.kv_lora_rank) return cfg.kv_lora_rank + cfg.qk_rope_head_dim;
    var kv = cfg.kv_heads;
    if (kv % tp && tp % kv) {
      throw CalcError("tp", "tp (" + tp + ") must divide kv_heads (" + kv + ") or be a multiple of it");
    }
    return 2 * Math.max(1, Math.floor(kv / tp)) * cfg.head_dim;
  }

  function sequenceBytes(cfg, tokens, size, tp) {
    var local = cfg.local_layers;
    var kept = (cfg.layers - local) * tokens + local * Math.min(tokens, cfg.sliding_window);
    return kept * layerTokenElements(cfg, tp) * size;
  }

  /** KV-cache bytes one token takes on one device, summed over every layer. */
  function kv_bytes_per_token(cfgFields, dtype, options) {
    if (isMapping(dtype)) { options = dtype; dtype = undefined; }
    var cfg = transformer_config(cfgFields);
    var size = dtype_bytes(dtype === undefined ? "bf16" : dtype);
    var tp = checkCount("tp", opt(options, "tp", 1));
    return cfg.layers * layerTokenElements(cfg, tp) * size;
  }

  /** KV-cache bytes of one sequence of tokens on one device (sliding windows capped). */
  function kv_sequence_bytes(cfgFields, tokens, dtype, options) {
    if (isMapping(dtype)) { options = dtype; dtype = undefined; }
    var cfg = transformer_config(cfgFields);
    var size = dtype_bytes(dtype === undefined ? "bf16" : dtype);
    var count = checkCount("tokens", tokens);
    return sequenceBytes(cfg, count, size, checkCount("tp", opt(options, "tp", 1)));
  }

  /** KV budget, tokens and concurrent sequences of context tokens on each of tp devices. */
  function kv_capacity(cfgFields, options) {
    var cfg = transformer_config(cfgFields);
    var memory = checkNumber("memory_bytes", opt(options, "memory_bytes", undefined));
    var count = checkCount("context", opt(options, "context", undefined));
    var fractionRaw = opt(options, "memory_fraction", 0.9);
    var fraction = checkNumber("memory_fraction", fractionRaw);
    if (fraction > 1) fail("memory_fraction", "must be at most 1, got " + repr(fractionRaw));
    var tp = checkCount("tp", opt(options, "tp", 1));
    var block = checkCount("block_size", opt(options, "block_size", 16));
    var weightsRaw = opt(options, "weights_bytes", null);
    var weights;
    if (weightsRaw === null) {
      weights = transformer_params(cfg) * dtype_bytes(opt(options, "weights_dtype", "bf16"), { name: "weights_dtype" }) / tp;
    } else {
      weights = checkNumber("weights_bytes", weightsRaw, true);
    }
    var overhead = checkNumber("overhead_bytes", opt(options, "overhead_bytes", 0.0), true);
    var size = dtype_bytes(opt(options, "kv_dtype", "bf16"), { name: "kv_dtype" });
    var perLayer = layerTokenElements(cfg, tp) * size;
    var perToken = cfg.layers * perLayer;
    var budget = memory * fraction;
    var kvBudget = budget - weights - overhead;
    var blocks = Math.max(0, Math.floor(kvBudget / (block * perToken)));
    var local = cfg.local_layers;
    var keptLocal = Math.min(count, cfg.sliding_window);
    var sequenceBlocks = (cfg.layers - local) * Math.ceil(count / block) + local * Math.ceil(keptLocal / block);
    var concurrency = blocks * cfg.layers / sequenceBlocks;
    return {
      weights_bytes: weights, budget_bytes: budget, kv_budget_bytes: Math.max(0.0, kvBudget),
      bytes_per_token: perToken, sequence_bytes: sequenceBytes(cfg, count, size, tp),
      blocks: blocks, tokens: blocks * block, concurrency: concurrency,
      max_sequences: Math.floor(concurrency), fits: concurrency >= 1 ? "yes" : "no"
    };
  }

  /** KV-cache tokens a reported KV memory holds on each of tp devices (whole blocks). */
  function kv_tokens_in(cfgFields, kv_memory_bytes, kv_dtype, options) {
    if (isMapping(kv_dtype)) { options = kv_dtype; kv_dtype = undefined; }
    var cfg = transformer_config(cfgFields);
    var memory = checkNumber("kv_memory_bytes", kv_memory_bytes);
    var tp = checkCount("tp", opt(options, "tp", 1));
    var block = checkCount("block_size", opt(options, "block_size", 16));
    var perToken = cfg.layers * layerTokenElements(cfg, tp) * dtype_bytes(kv_dtype === undefined ? "bf16" : kv_dtype, { name: "kv_dtype" });
    return Math.floor(memory / (block * perToken)) * block;
  }

  /* ---------- utilisation (xpuref.calc._mfu) ---------- */

  function training_flops_per_token(params, options) {
    var n = checkNumber("params", params);
    var layers = checkCount("layers", opt(options, "layers", 0), 0);
    var width = checkCount("attention_width", opt(options, "attention_width", 0), 0);
    var seq = checkCount("seq", opt(options, "seq", 0), 0);
    return 6.0 * n + 12.0 * layers * width * seq;
  }

  function model_flops_per_token(cfgFields, seq) {
    return 6.0 * transformer_token_macs(transformer_config(cfgFields), checkCount("seq", seq));
  }

  function throughput(rate, step, batch, achieved, work, count) {
    if (given(achieved)) {
      if (given(rate) || given(step) || given(batch)) {
        fail("achieved_flops", "is given with tokens_per_s, step_seconds or batch_tokens: give one");
      }
      return checkNumber("achieved_flops", achieved) * count / work;
    }
    if (given(rate)) {
      if (given(step) || given(batch)) fail("tokens_per_s", "is given with step_seconds or batch_tokens: give one");
      return checkNumber("tokens_per_s", rate);
    }
    if (!given(step) && !given(batch)) fail("tokens_per_s", "is missing: give it, or step_seconds and batch_tokens");
    if (!given(batch)) fail("batch_tokens", "is needed with step_seconds");
    if (!given(step)) fail("step_seconds", "is needed with batch_tokens");
    var seconds = checkNumber("step_seconds", step);
    return checkNumber("batch_tokens", batch) / seconds;
  }

  function percent(value) { return (value * 100).toFixed(1) + "%"; }

  /** MFU and HFU of a run: tokens/s over all devices against devices x dense peak. */
  function mfu(flops_per_token, options) {
    var work = checkNumber("flops_per_token", flops_per_token);
    var peak = checkNumber("peak_flops", opt(options, "peak_flops", undefined));
    var count = checkCount("devices", opt(options, "devices", 1));
    var rate = throughput(opt(options, "tokens_per_s", null), opt(options, "step_seconds", null),
      opt(options, "batch_tokens", null), opt(options, "achieved_flops", null), work, count);
    var mode = checkChoice("recompute", opt(options, "recompute", "none"), ["none", "full"]);
    var hardware = work * (mode === "full" ? 4.0 / 3.0 : 1.0);
    var perDevice = work * rate / count;
    var model = perDevice / peak;
    if (model > 1) {
      fail("peak_flops", "gives an impossible MFU of " + percent(model) + ": the peak is likely not " +
        "this device's dense rate at this precision (another SKU's peak, a sparse or FP8 rate where " +
        "BF16 ran, or one die's peak for a package), or tokens_per_s covers more devices than devices=" + count);
    }
    var hfu = hardware * rate / count / peak;
    if (hfu > 1) {
      fail("recompute", "gives an impossible HFU of " + percent(hfu) + " with MFU " + percent(model) +
        ": the run did not recompute every activation, or the peak is too low");
    }
    return {
      flops_per_token: work, hardware_flops_per_token: hardware, tokens_per_s: rate,
      model_flops_per_s: perDevice, mfu: model, hfu: hfu
    };
  }

  /* ---------- export controls (xpuref.calc._export) ---------- */

  var BIT_LENGTHS = Object.freeze({
    fp64: 64, fp32: 32, tf32: 32, fp16: 16, bf16: 16, fp8: 8, fp6: 6, fp4: 4, int8: 8, int4: 4
  });
  var EXPORT_CLASSES = Object.freeze(["not-controlled", "3A090.b", "3A090.a", "3A090", "unknown"]);

  function tpp(tops, bit_length) {
    return checkNumber("tops", tops, true) * checkNumber("bit_length", bit_length);
  }

  function device_tpp(peak_dense) {
    if (!isMapping(peak_dense)) fail("peak_dense", "must be a mapping, got " + repr(peak_dense));
    var best = null;
    Object.keys(peak_dense).forEach(function (key) {
      var value = peak_dense[key];
      if (!given(value)) return;
      var label = "peak_dense['" + key + "']";
      var precision = key.split("_")[0];
      if (!Object.prototype.hasOwnProperty.call(BIT_LENGTHS, precision)) {
        throw CalcError(label, label + ": unknown precision");
      }
      var product = tpp(checkNumber(label, value, true), BIT_LENGTHS[precision]);
      best = best === null ? product : Math.max(best, product);
    });
    return best;
  }

  function performance_density(tppValue, die_area_mm2) {
    return checkNumber("tpp", tppValue, true) / checkNumber("die_area_mm2", die_area_mm2);
  }

  function checkRule(rule) {
    if (!isMapping(rule) || typeof rule.id !== "string") {
      fail("rule", "must be a mapping with an 'id', got " + repr(rule));
    }
    var classes = rule.classes;
    var ok = Array.isArray(classes) && classes.every(function (item) {
      return isMapping(item) && "class" in item && "condition" in item;
    });
    if (!ok) throw CalcError("rule", "rule " + repr(rule.id) + ": 'classes' must list {class, condition} items");
  }

  var RETICLE_LIMIT_MM2 = 858.0;

  function optionalNumber(name, value) {
    return given(value) ? checkNumber(name, value, true) : null;
  }

  function section(device, key) {
    var value = device[key];
    if (!given(value)) return {};
    if (!isMapping(value)) fail(key, "must be a mapping, got " + repr(value));
    return value;
  }

  /** The device's rate ceilings as {rate: [at most, of which given rate]}. */
  function ceilingsOf(device) {
    var found = {};
    var list = given(device.rate_ceilings) ? device.rate_ceilings : [];
    if (!Array.isArray(list)) fail("rate_ceilings", "must be a list, got " + repr(list));
    list.forEach(function (item) {
      if (!isMapping(item) || !["rate", "at_most", "of"].every(function (k) { return Object.prototype.hasOwnProperty.call(item, k); })) {
        fail("rate_ceilings", "each item needs rate, at_most and of, got " + repr(item));
      }
      [item.rate, item.of].forEach(function (key) {
        if (!Object.prototype.hasOwnProperty.call(BIT_LENGTHS, String(key).split("_")[0])) {
          fail("rate_ceilings", repr(key) + " is not a peak-rate key");
        }
      });
      found[String(item.rate)] = [checkNumber("rate_ceilings.at_most", item.at_most), String(item.of)];
    });
    return found;
  }

  function tppInterval(device) {
    var raw = section(device, "peak_dense");
    var peaks = {};
    Object.keys(raw).forEach(function (key) { if (given(raw[key])) peaks[key] = raw[key]; });
    var total = device_tpp(peaks);
    var deciding = null;
    if (total !== null) {
      var best = -1;
      Object.keys(peaks).forEach(function (key) {
        var product = tpp(peaks[key], BIT_LENGTHS[key.split("_")[0]]);
        // On a tie another precision decides, so the TF32 bit-length reading never does alone.
        if (product > best || (product === best && deciding === "tf32_matrix")) {
          best = product; deciding = key;
        }
      });
    }
    var missing = [];
    if (Object.prototype.hasOwnProperty.call(device, "supported_rates")) {
      var supported = device.supported_rates;
      if (supported === null || supported === undefined) {
        missing = ["supported_rates"];
      } else {
        if (!Array.isArray(supported) || !supported.every(function (k) { return typeof k === "string"; })) {
          fail("supported_rates", "must be a list of peak-rate keys, got " + repr(supported));
        }
        supported.forEach(function (key) {
          if (!Object.prototype.hasOwnProperty.call(peaks, key)) missing.push("peak_dense." + key);
        });
      }
    }
    var low = total !== null ? total : 0.0;
    var high = missing.length === 0 && total !== null ? low : Infinity;
    // A missing rate with a ceiling (at most N times a given rate) caps TPP.
    var ceilings = ceilingsOf(device);
    var used = [];
    var keys = missing.map(function (m) { return m.replace(/^peak_dense\./, ""); });
    var capped = total !== null && keys.length > 0 && keys.every(function (k) {
      return Object.prototype.hasOwnProperty.call(ceilings, k) &&
        Object.prototype.hasOwnProperty.call(peaks, ceilings[k][1]);
    });
    if (capped) {
      high = low;
      keys.forEach(function (k) {
        high = Math.max(high, ceilings[k][0] * peaks[ceilings[k][1]] * BIT_LENGTHS[k.split("_")[0]]);
      });
      used = keys;
    }
    // A floor or cap from outside the rates (e.g. a published classification) narrows TPP.
    var floor = optionalNumber("tpp_min", device.tpp_min);
    var ceiling = optionalNumber("tpp_max", device.tpp_max);
    if (floor !== null && floor > low) low = floor;
    if (ceiling !== null && ceiling < high) high = ceiling;
    if (low > high) fail("tpp_min", "must not exceed tpp_max, got [" + repr(low) + ", " + repr(high) + "]");
    return { low: low, high: high, deciding: deciding, missing: missing, ceilings: used };
  }

  /** The metrics export rules test, each an interval [low, high], with what leaves it open. */
  function export_metrics(device) {
    if (!isMapping(device)) fail("device", "must be a mapping, got " + repr(device));
    var t = tppInterval(device);
    var missing = t.missing.slice();
    var area = optionalNumber("die_area_mm2", device.die_area_mm2);
    if (area !== null && area <= 0) fail("die_area_mm2", "must be greater than 0, got " + repr(area));
    var atMost = optionalNumber("die_area_max_mm2", device.die_area_max_mm2);
    if (atMost !== null && atMost <= 0) fail("die_area_max_mm2", "must be greater than 0, got " + repr(atMost));
    var density;
    if (area !== null) {
      density = [t.low / area, t.high / area];
    } else {
      // An unpublished area is at most a stated bound or the reticle limit.
      density = [t.low / (atMost === null ? RETICLE_LIMIT_MM2 : Math.min(atMost, RETICLE_LIMIT_MM2)), Infinity];
      missing.push("die_area_mm2");
    }
    var link = section(device, "interconnect");
    var scaleUp = optionalNumber("interconnect.scale_up_bandwidth_gbs", link.scale_up_bandwidth_gbs);
    var host = optionalNumber("interconnect.host_bandwidth_gbs", link.host_bandwidth_gbs);
    var hostMax = optionalNumber("interconnect.host_bandwidth_max_gbs", link.host_bandwidth_max_gbs);
    /* An unstated host rate is at least 0 and at most what its named link can carry. */
    var hostLow = host !== null ? host : 0.0;
    var hostHigh = host !== null ? host : (hostMax === null ? Infinity : hostMax);
    var io = scaleUp === null ? [hostLow, Infinity] : [scaleUp + hostLow, scaleUp + hostHigh];
    var datacenter = given(device.designed_for_datacenter) ? device.designed_for_datacenter : true;
    if (typeof datacenter !== "boolean") {
      fail("designed_for_datacenter", "must be true or false, got " + repr(datacenter));
    }
    return {
      tpp: [t.low, t.high],
      tpp_deciding: t.deciding,
      tpp_ceilings: t.ceilings,
      performance_density: density,
      io_bandwidth_gbs: io,
      io_missing: scaleUp === null,
      host_missing: scaleUp !== null && host === null && hostMax === null,
      designed_for_datacenter: [datacenter, datacenter],
      missing: missing
    };
  }

  var METRIC_NAMES = ["tpp", "performance_density", "io_bandwidth_gbs", "designed_for_datacenter"];

  /* Conditions on intervals: true or false when decided, null while an input leaves it open. */
  function evaluate(node, metrics) {
    var results;
    if ("all_of" in node) {
      results = node.all_of.map(function (child) { return evaluate(child, metrics); });
      if (results.indexOf(false) !== -1) return false;
      return results.indexOf(null) !== -1 ? null : true;
    }
    if ("any_of" in node) {
      results = node.any_of.map(function (child) { return evaluate(child, metrics); });
      if (results.indexOf(true) !== -1) return true;
      return results.indexOf(null) !== -1 ? null : false;
    }
    var name = node.metric;
    if (typeof name !== "string" || METRIC_NAMES.indexOf(name) === -1) {
      throw CalcError("metric", "unknown metric " + repr(name) + " in export rule condition");
    }
    var low = metrics[name][0];
    var high = metrics[name][1];
    if ("equals" in node) return low === node.equals;
    var verdicts = [];
    var bound;
    if ("min" in node) {
      bound = Number(node.min);
      verdicts.push(low >= bound ? true : (high < bound ? false : null));
    }
    if ("below" in node) {
      bound = Number(node.below);
      verdicts.push(high < bound ? true : (low >= bound ? false : null));
    }
    if (verdicts.indexOf(false) !== -1) return false;
    return verdicts.indexOf(null) !== -1 ? null : true;
  }

  function testedMetrics(node, into) {
    if (node.all_of || node.any_of) {
      (node.all_of || node.any_of).forEach(function (child) { testedMetrics(child, into); });
    } else {
      into[String(node.metric)] = true;
    }
    return into;
  }

  /** The fields whose absence leaves a metric the rule tests open, in a stable order. */
  function openFields(metrics, rule) {
    var tested = {};
    rule.classes.forEach(function (item) { testedMetrics(item.condition, tested); });
    (rule.exclusions || []).forEach(function (item) { testedMetrics(item.condition, tested); });
    var fields = metrics.missing.filter(function (field) {
      return field !== "die_area_mm2" || tested.performance_density === true;
    });
    if (tested.io_bandwidth_gbs) {
      if (metrics.io_missing) fields.push("interconnect.scale_up_bandwidth_gbs");
      if (metrics.host_missing) fields.push("interconnect.host_bandwidth_gbs");
    }
    return fields;
  }

  var FIELD_WORDS = {
    die_area_mm2: "die area is not published",
    "interconnect.scale_up_bandwidth_gbs": "the chip-to-chip link bandwidth is not published",
    "interconnect.host_bandwidth_gbs": "the host link bandwidth is not published"
  };

  /** Which quantities are missing, in words (never a field path). */
  function missing_words(fields) {
    if (!Array.isArray(fields) || !fields.every(function (f) { return typeof f === "string"; })) {
      fail("fields", "must be a list of field names, got " + repr(fields));
    }
    var rates = [];
    var others = [];
    fields.forEach(function (field) {
      if (field.indexOf("peak_dense.") === 0) {
        var key = field.slice("peak_dense.".length);
        var cut = key.indexOf("_");
        var fmt = cut === -1 ? key : key.slice(0, cut);
        var kind = cut === -1 ? "" : key.slice(cut + 1);
        rates.push(fmt.toUpperCase() + (kind === "matrix" ? " matrix" : " vector"));
      } else {
        others.push(FIELD_WORDS[field] || field.split("_").join(" ") + " is not published");
      }
    });
    var phrases = [];
    if (rates.length === 1) phrases.push("the " + rates[0] + " rate is not published");
    else if (rates.length) {
      phrases.push("the " + rates.slice(0, -1).join(", ") + " and " + rates[rates.length - 1] + " rates are not published");
    }
    phrases = phrases.concat(others);
    return phrases.length ? phrases.join("; ") : "a figure it needs is not published";
  }

  function exclusionWords(rule, id) {
    var list = rule.exclusions || [];
    for (var i = 0; i < list.length; i += 1) {
      if (String(list[i].id === undefined ? "" : list[i].id) === id && list[i].summary) {
        return "an exclusion applies: " + String(list[i].summary).split(/\s+/).filter(Boolean).join(" ");
      }
    }
    return "an exclusion applies";
  }

  /** The class under one rule, with the metrics, each condition's outcome and the reason. */
  function classify_explain(device, rule) {
    if (!isMapping(device)) fail("device", "must be a mapping, got " + repr(device));
    if (!isMapping(rule)) fail("rule", "must be a rule mapping, got " + repr(rule));
    checkRule(rule);
    var metrics = export_metrics(device);
    var low = metrics.tpp[0];
    var high = metrics.tpp[1];
    var io = metrics.io_bandwidth_gbs;
    var missing = openFields(metrics, rule);
    var report = {
      rule: String(rule.id), tpp: low, tpp_exact: low === high, deciding: metrics.tpp_deciding,
      tpp_high: high === Infinity ? null : high,
      tpp_ceilings: metrics.tpp_ceilings.slice(),
      performance_density: low ? metrics.performance_density[0] : null,
      performance_density_exact: metrics.performance_density[0] === metrics.performance_density[1],
      performance_density_high: low
        ? (metrics.performance_density[1] === Infinity ? null : metrics.performance_density[1]) : null,
      io_bandwidth_gbs: [io[0], io[1] === Infinity ? null : io[1]],
      missing: missing, exclusions: [], classes: [], result: "unknown", at_least: null, reason: ""
    };
    var list = missing_words(missing);
    if (metrics.tpp_deciding === null) {
      report.tpp = null;
      report.reason = "no peak rate is given, so TPP is unknown";
      return report;
    }
    var excluded = false;
    var exclusions = rule.exclusions || [];
    for (var i = 0; i < exclusions.length; i += 1) {
      var holdsEx = evaluate(exclusions[i].condition, metrics);
      var exId = String(exclusions[i].id === undefined ? "" : exclusions[i].id);
      report.exclusions.push({ id: exId, holds: holdsEx });
      if (holdsEx === true) {
        report.result = "not-controlled";
        report.reason = exclusionWords(rule, exId);
        return report;
      }
      if (holdsEx === null) excluded = null;
    }
    var undecided = null;
    for (var j = 0; j < rule.classes.length; j += 1) {
      var item = rule.classes[j];
      var holds = evaluate(item.condition, metrics);
      report.classes.push({ "class": String(item["class"]), holds: holds });
      if (holds === true) {
        if (undecided === null && excluded === false) {
          report.result = String(item["class"]);
          report.reason = "meets the conditions of " + item["class"];
        } else if (excluded === false) {
          report.at_least = String(item["class"]);
          report.reason = "meets " + item["class"] + " at least; whether it meets " + (undecided || "an exclusion") +
            " stays open: " + list;
        } else {
          // While an exclusion may still apply the part may be uncontrolled: no "at least".
          report.reason = "meets the conditions of " + item["class"] +
            " unless an exclusion applies, which stays open: " + list;
        }
        return report;
      }
      if (holds === null && undecided === null) undecided = String(item["class"]);
    }
    if (undecided === null && excluded === false) {
      report.result = "not-controlled";
      report.reason = "meets none of the classes";
      return report;
    }
    report.reason = "whether it meets " + (undecided || "an exclusion") + " cannot be decided: " + list;
    return report;
  }

  function classify(device, rule) {
    return classify_explain(device, rule).result;
  }

  /* ---------- every class the data allows (xpuref.calc._export_bounds) ---------- */

  function nextafter(x, toward) {
    if (x === toward || x !== x) return x;
    if (x === Infinity) return toward < x ? Number.MAX_VALUE : x;
    if (x === 0) return toward > 0 ? Number.MIN_VALUE : -Number.MIN_VALUE;
    var buf = new Float64Array([x]);
    var bits = new BigInt64Array(buf.buffer);
    bits[0] += (toward > x) === (x > 0) ? BigInt(1) : BigInt(-1);
    return buf[0];
  }

  function ruleLeaves(rule) {
    var nodes = rule.classes.map(function (item) { return item.condition; })
      .concat((rule.exclusions || []).map(function (item) { return item.condition; }));
    var leaves = [];
    while (nodes.length) {
      var node = nodes.pop();
      var children = node.all_of || node.any_of;
      if (children && children.length) nodes = nodes.concat(children);
      else leaves.push(node);
    }
    return leaves;
  }

  function thresholds(rule, metric) {
    var out = [];
    ruleLeaves(rule).forEach(function (leaf) {
      if (leaf.metric !== metric) return;
      ["min", "below"].forEach(function (key) { if (key in leaf) out.push(Number(leaf[key])); });
    });
    return out;
  }

  function probes(low, high, cuts) {
    var set = [low];
    cuts.forEach(function (c) { if (low < c && c < high) set.push(c); });
    if (high < Infinity) set.push(high);
    var points = set.filter(function (v, i) { return set.indexOf(v) === i; }).sort(function (a, b) { return a - b; });
    var out = [];
    points.forEach(function (point, index) {
      out.push([point, point, point]);
      var upper = index + 1 < points.length ? points[index + 1] : high;
      if (upper > point) {
        var middle = upper === Infinity ? point * 2 + 1 : (point + upper) / 2;
        var top = upper === Infinity ? Infinity : nextafter(upper, -Infinity);
        out.push([middle, nextafter(point, Infinity), top]);
      }
    });
    return out;
  }

  /* A rule's verdict on interval metrics (decide() in Python), the class only. */
  function decideResult(metrics, rule) {
    var excluded = false;
    var exclusions = rule.exclusions || [];
    for (var i = 0; i < exclusions.length; i += 1) {
      var holdsEx = evaluate(exclusions[i].condition, metrics);
      if (holdsEx === true) return "not-controlled";
      if (holdsEx === null) excluded = null;
    }
    var undecided = null;
    for (var j = 0; j < rule.classes.length; j += 1) {
      var holds = evaluate(rule.classes[j].condition, metrics);
      if (holds === true) return undecided === null && excluded === false ? String(rule.classes[j]["class"]) : "unknown";
      if (holds === null && undecided === null) undecided = String(rule.classes[j]["class"]);
    }
    return undecided === null && excluded === false ? "not-controlled" : "unknown";
  }

  function areaBounds(device) {
    var area = optionalNumber("die_area_mm2", device.die_area_mm2);
    var atMost = optionalNumber("die_area_max_mm2", device.die_area_max_mm2);
    if (area !== null) return [area, area];
    return [null, atMost === null ? RETICLE_LIMIT_MM2 : Math.min(atMost, RETICLE_LIMIT_MM2)];
  }

  function regions(device, rule) {
    checkRule(rule);
    var metrics = export_metrics(device);
    var low = metrics.tpp[0], high = metrics.tpp[1];
    var bounds = areaBounds(device);
    var area = bounds[0], largest = bounds[1];
    var densityLines = thresholds(rule, "performance_density");
    var tppCuts = thresholds(rule, "tpp").concat(densityLines.map(function (v) { return v * largest; }));
    var ioLines = thresholds(rule, "io_bandwidth_gbs");
    var io = metrics.io_bandwidth_gbs;
    var ioValues = ioLines.length ? probes(io[0], io[1], ioLines).map(function (p) { return p[0]; }) : [io[0]];
    function classesAt(value) {
      var densities;
      if (area !== null) densities = [value / area];
      else if (!densityLines.length) densities = [value / largest];
      else densities = probes(value / largest, Infinity, densityLines).map(function (p) { return p[0]; });
      var found = {};
      densities.forEach(function (density) {
        ioValues.forEach(function (v) {
          var m = Object.assign({}, metrics, {
            tpp: [value, value], performance_density: [density, density], io_bandwidth_gbs: [v, v]
          });
          found[decideResult(m, rule)] = true;
        });
      });
      return found;
    }
    return probes(low, high, tppCuts).map(function (p) { return [p[1], p[2], classesAt(p[0])]; });
  }

  /** Every class some TPP the data allows would give, least controlled first. */
  function possible_classes(device, rule) {
    if (export_metrics(device).tpp_deciding === null) return ["unknown"];
    var found = {};
    regions(device, rule).forEach(function (r) { Object.keys(r[2]).forEach(function (c) { found[c] = true; }); });
    return EXPORT_CLASSES.filter(function (name) { return found[name]; });
  }

  /** classify_explain plus every possible class and the answer in words ("3A090.a or 3A090.b"). */
  function export_answer(device, rule) {
    var report = classify_explain(device, rule);
    var decided = report.result !== "unknown";
    var possible = decided ? [report.result] : possible_classes(device, rule);
    var controlled = possible.filter(function (c) { return c !== "not-controlled" && c !== "unknown"; });
    var allControlled = controlled.length > 0 && controlled.length === possible.length;
    if (!decided && report.at_least === null && allControlled) report.at_least = controlled[0];
    var answer = report.result;
    if (!decided && allControlled) {
      answer = controlled.slice().reverse().join(" or ");
      if (controlled.length > 1) {
        report.reason = "controlled as " + answer + " for every value the published figures allow; which " +
          "of them stays open: " + missing_words(report.missing);
      }
    }
    report.possible = possible;
    report.answer = answer;
    return report;
  }

  /* ---------- device figures (xpuref.calc._device) ---------- */

  var SPARSE_KEYS = ["tf32", "bf16", "fp16", "fp8", "fp6", "fp4", "int8", "int4"].map(function (f) {
    return f + "_matrix";
  });

  function device_derived(device) {
    if (!isMapping(device)) fail("device", "must be a mapping, got " + repr(device));
    function part(key) {
      var value = device[key];
      if (!given(value)) return {};
      if (!isMapping(value)) fail(key, "must be a mapping, got " + repr(value));
      return value;
    }
    var peaks = {};
    var rawPeaks = part("peak_dense");
    Object.keys(rawPeaks).forEach(function (key) {
      var rate = optionalNumber("peak_dense." + key, rawPeaks[key]);
      if (rate !== null) peaks[key] = rate;
    });
    var keys = Object.keys(peaks);
    var factor = optionalNumber("sparsity_factor", device.sparsity_factor);
    var bandwidth = optionalNumber("memory.bandwidth_gbs", part("memory").bandwidth_gbs);
    var power = part("power");
    var tdp = optionalNumber("power.tdp_w", power.tdp_w);
    // Rates are per chip; a power figure wider than one chip covers every chip of the package.
    var chips = given(device.chips_per_package) ? checkCount("chips_per_package", device.chips_per_package, 1) : 1;
    var covered = given(power.scope) && power.scope !== "chip" ? chips : 1;
    var area = optionalNumber("die_area_mm2", device.die_area_mm2);
    var total = keys.length ? device_tpp(peaks) : null;
    var span = total !== null ? tppInterval(device) : null;
    var reference = peaks.bf16_matrix || peaks.fp16_matrix || null;
    function perKey(when, fn) {
      var out = {};
      if (when) keys.forEach(function (key) { if (fn(key) !== undefined) out[key] = fn(key); });
      return out;
    }
    return {
      sparse: perKey(factor !== null, function (key) {
        return SPARSE_KEYS.indexOf(key) === -1 ? undefined : peaks[key] * factor;
      }),
      tpp: total,
      tpp_exact: span !== null ? span.low === span.high : null,
      performance_density: total !== null && area !== null ? total / area : null,
      ridge_points: perKey(bandwidth !== null, function (key) { return peaks[key] * 1e3 / bandwidth; }),
      tflops_per_watt: perKey(tdp !== null, function (key) { return peaks[key] * covered / tdp; }),
      bytes_per_flop: bandwidth !== null && reference !== null ? bandwidth / (reference * 1e3) : null
    };
  }

  /* ---------- unit conversions (decimal GB = 1e9 bytes, GiB = 2^30 bytes) ---------- */

  var GIB = 1073741824;

  function gb_to_gib(value) { return checkNumber("value", value, true) * 1e9 / GIB; }
  function gib_to_gb(value) { return checkNumber("value", value, true) * GIB / 1e9; }
  function tflops_to_flops(value) { return checkNumber("value", value, true) * 1e12; }
  function flops_to_tflops(value) { return checkNumber("value", value, true) / 1e12; }

  return Object.freeze({
    CalcError: CalcError,
    DTYPE_BYTES: DTYPE_BYTES,
    BIT_LENGTHS: BIT_LENGTHS,
    EXPORT_CLASSES: EXPORT_CLASSES,
    RETICLE_LIMIT_MM2: RETICLE_LIMIT_MM2,
    dtype_bytes: dtype_bytes,
    tensor_bytes: tensor_bytes,
    conv_output_size: conv_output_size,
    conv2d: conv2d,
    linear: linear,
    transformer_config: transformer_config,
    transformer_params: transformer_params,
    transformer_forward: transformer_forward,
    transformer_token_macs: function (cfgFields, seq) {
      return transformer_token_macs(transformer_config(cfgFields), checkCount("seq", seq));
    },
    model_cost: model_cost,
    preset_transformer: preset_transformer,
    training_flops: training_flops,
    megatron_iteration_flops: megatron_iteration_flops,
    training_time: training_time,
    weights_bytes: weights_bytes,
    kv_cache_bytes: kv_cache_bytes,
    training_state_parts: training_state_parts,
    training_state_bytes: training_state_bytes,
    activation_bytes_per_layer: activation_bytes_per_layer,
    training_extra_bytes: training_extra_bytes,
    gemm_intensity: gemm_intensity,
    ridge_point: ridge_point,
    attainable_flops: attainable_flops,
    roofline_time: roofline_time,
    gemm_bytes: gemm_bytes,
    bound_by: bound_by,
    gpu_hours: gpu_hours,
    expected_experts: expected_experts,
    llm_inference: llm_inference,
    kv_bytes_per_token: kv_bytes_per_token,
    kv_sequence_bytes: kv_sequence_bytes,
    kv_capacity: kv_capacity,
    kv_tokens_in: kv_tokens_in,
    training_flops_per_token: training_flops_per_token,
    model_flops_per_token: model_flops_per_token,
    mfu: mfu,
    tpp: tpp,
    device_tpp: device_tpp,
    performance_density: performance_density,
    export_metrics: export_metrics,
    classify: classify,
    classify_explain: classify_explain,
    possible_classes: possible_classes,
    export_answer: export_answer,
    missing_words: missing_words,
    device_derived: device_derived,
    gb_to_gib: gb_to_gib,
    gib_to_gb: gib_to_gb,
    tflops_to_flops: tflops_to_flops,
    flops_to_tflops: flops_to_tflops
  });
});
