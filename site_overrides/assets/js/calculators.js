/* xpuref calculators: bind the forms on calculator pages to xpurefCalc (xpuref-calc.js).
 *
 * Each <form class="xpuref-calc" data-calc="ID"> holds fields (data-kind int | number | shape
 * | choice | bool) and <output data-out="NAME"> cells. Every input change re-validates the
 * fields, recomputes, writes each result as text plus its exact value in data-value, and
 * stores the inputs in the query string as ID.NAME=VALUE so the page can be linked. Works with
 * Material's instant navigation (document$) and from file://.
 */
(function () {
  "use strict";
  if (window.xpurefCalculatorsLoaded) return;
  window.xpurefCalculatorsLoaded = true;

  /* ---------- words: the edition's messages, emitted into the page at build time ---------- */

  // render/messages/<language>.yaml's "js.calc.*" entries, as JSON in <template id="xpuref-calc-text">.
  function say(key, values) {
    return window.xpurefPage.say("xpuref-calc-text", key, values);
  }

  // Scales as "1e6 million|1e9 billion": the edition's words for large numbers and durations.
  function scales(key) {
    return say(key).split("|").map(function (part) {
      var cut = part.indexOf(" ");
      return [Number(part.slice(0, cut)), part.slice(cut + 1)];
    }).sort(function (a, b) { return b[0] - a[0]; });
  }

  var timings = window.xpurefCalcTimings = window.xpurefCalcTimings || { last: null, max: 0, count: 0, byCalc: {} };

  /* ---------- formatting: never NaN or Infinity on screen ---------- */

  var SI = [[1e24, "Y"], [1e21, "Z"], [1e18, "E"], [1e15, "P"], [1e12, "T"], [1e9, "G"], [1e6, "M"], [1e3, "k"]];

  var sig = window.xpurefPage.formatNumber;

  function si(value, unit) {
    var abs = Math.abs(value);
    for (var i = 0; i < SI.length; i += 1) {
      if (abs >= SI[i][0] && abs < SI[i][0] * 1000) return sig(value / SI[i][0]) + " " + SI[i][1] + unit;
    }
    return sig(value) + " " + unit;
  }

  function words(value) {
    var WORDS = scales("number_words");
    for (var i = 0; i < WORDS.length; i += 1) {
      if (Math.abs(value) >= WORDS[i][0]) return sig(value / WORDS[i][0]) + " " + WORDS[i][1];
    }
    return sig(value);
  }

  function duration(seconds) {
    var steps = scales("durations");
    if (seconds === 0) return "0 s";
    for (var i = 0; i < steps.length; i += 1) {
      if (seconds >= steps[i][0]) return sig(seconds / steps[i][0]) + " " + steps[i][1];
    }
    return sig(seconds / 1e-9) + " ns";
  }

  var FORMATS = {
    count: function (v) {
      var exact = Math.abs(v) < 1e21 ? Math.round(v).toLocaleString("en-US") : sig(v);
      return Math.abs(v) >= 1e6 ? exact + " (" + words(v) + ")" : exact;
    },
    flop: function (v) { return si(v, "FLOP"); },
    bytes: function (v) { return si(v, "B") + " (" + sig(v / 1073741824) + " GiB)"; },
    seconds: duration,
    rate: function (v) { return si(v, "FLOP/s"); },
    intensity: function (v) { return sig(v) + " FLOP/byte"; },
    percent: function (v) { return sig(v * 100) + " %"; },
    number: function (v) { return sig(v); }
  };

  /* ---------- reading fields ---------- */

  var NUMBER = /^[+]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

  function limit(el, key, fallback) {
    var raw = el.getAttribute(key);
    return raw === null ? fallback : Number(raw);
  }

  function readNumber(el, text) {
    var kind = el.getAttribute("data-kind");
    var clean = text.replace(/[_\s]/g, "");
    if (clean === "") return { error: say("enter_value") };
    if (clean.charAt(0) === "-" && NUMBER.test(clean.slice(1))) return { error: say("not_negative") };
    if (!NUMBER.test(clean)) return { error: say("not_a_number") };
    var value = Number(clean);
    if (!isFinite(value)) return { error: say("too_large") };
    if (kind === "int" && !Number.isInteger(value)) return { error: say("whole_number") };
    var min = limit(el, "data-min", null);
    if (min === null && kind === "int") min = 1;
    if (min === null && value <= 0) return { error: say("positive") };
    if (min !== null && value < min) return { error: say("at_least", { min: min }) };
    var max = limit(el, "data-max", kind === "int" ? 1e12 : 1e24);
    if (value > max) return { error: say("at_most", { max: sig(max) }) };
    return { value: value };
  }

  function readShape(el, text) {
    var pieces = text.trim().split(/[\s,x×*]+/).filter(Boolean);
    if (!pieces.length) return { error: say("enter_sizes") };
    var sizes = [];
    var total = 1;
    var max = limit(el, "data-max", 1e12);
    for (var i = 0; i < pieces.length; i += 1) {
      if (!/^\d+$/.test(pieces[i])) return { error: say("sizes_whole") };
      var size = Number(pieces[i]);
      if (size < 1) return { error: say("size_at_least_1") };
      total *= size;
      if (total > max) return { error: say("at_most_elements", { max: sig(max) }) };
      sizes.push(size);
    }
    return { value: sizes };
  }

  function readField(el) {
    var kind = el.getAttribute("data-kind");
    if (kind === "bool") return { value: el.checked };
    if (kind === "choice") return { value: el.value };
    var text = el.value;
    if (text.trim() === "" && el.hasAttribute("data-optional")) return { value: null };
    return kind === "shape" ? readShape(el, text) : readNumber(el, text);
  }

  function fields(form) {
    return Array.prototype.slice.call(form.querySelectorAll("[data-kind]"));
  }

  function field(form, name) {
    return form.querySelector('[name="' + name + '"]');
  }

  function setError(el, message) {
    var holder = el.closest(".xpuref-field");
    var slot = holder && holder.querySelector(".xpuref-field-error");
    if (slot) slot.textContent = message || "";
    if (slot && !slot.id) {
      var form = el.closest("form");
      slot.id = (form && form.id ? form.id : "xpuref-calc") + "-" + el.name + "-error";
    }
    if (message) {
      el.setAttribute("aria-invalid", "true");
      if (slot) el.setAttribute("aria-describedby", slot.id);
    } else {
      el.removeAttribute("aria-invalid");
      el.removeAttribute("aria-describedby");
    }
  }

  /* ---------- page data ---------- */

  function pageData() {
    var holder = document.getElementById("xpuref-calc-data");
    var node = holder && holder.content ? holder.content.querySelector("script") : null;
    if (!node) return null;
    try { return JSON.parse(node.textContent); } catch (e) { return null; }
  }

  // A precision as its field names it ("FP8 dense" reads "FP8"), not its key ("fp8").
  function rateName(form, key) {
    // The edition's name of the precision (js.calc.precision.<key>), else the field label's first word.
    var named = say("precision." + key);
    if (named && named !== "precision." + key) return named;
    var input = form.querySelector('[name="tops_' + key + '"]');
    var label = input && input.closest("label") ? input.closest("label").querySelector(".xpuref-field-label") : null;
    var text = label ? label.firstChild && label.firstChild.textContent : "";
    return String(text || key).trim().split(/\s+/)[0] || key;
  }

  function deviceById(data, id) {
    for (var i = 0; i < data.devices.length; i += 1) if (data.devices[i].id === id) return data.devices[i];
    return null;
  }

  function presetConfig(data, name) {
    var preset = data.presets[name];
    return preset ? window.xpurefCalc.preset_transformer(preset) : null;
  }

  /* ---------- the calculators ---------- */

  var C = null;  // window.xpurefCalc, bound at init

  function need(value, argument, message) {
    if (value === null || value === undefined) throw C.CalcError(argument, message);
    return value;
  }

  function rateOf(v) {
    return { peak: v.peak_tflops * 1e12, bw: v.bandwidth_gbs * 1e9 };
  }

  function boundBy(flops, bytes, peak, bw) {
    return C.bound_by(flops, bytes, peak, bw);
  }

  /* Bytes a fits/does-not-fit answer uses: usable memory where a driver capture is recorded,
     else the capacity as the vendor means it (HBM/GDDR "GB" are GiB), per visible device. */
  function memoryOf(data, id) {
    var d = id ? deviceById(data, id) : null;
    if (!d) return null;
    return share(d, d.memory_usable_bytes || d.memory_bytes || null);
  }

  function fitsText(total, memory, deviceChosen) {
    if (memory === null) return deviceChosen ? say("no_memory_figure") : null;
    return total <= memory ? "yes" : "no";
  }

  var SHAPE_FIELDS = ["vocab", "hidden", "layers", "heads", "kv_heads", "ffn", "experts", "top_k",
    "learned_positions", "norm", "gated_mlp", "tied_embeddings", "bias", "head_dim", "qkv_bias", "qk_norm",
    "layer_norms", "attention_sinks", "kv_lora_rank", "q_lora_rank", "qk_rope_head_dim", "sliding_window",
    "global_every", "shared_experts", "expert_ffn", "dense_layers"];

  function configFrom(v) {
    var cfg = {};
    SHAPE_FIELDS.forEach(function (key) { if (v[key] !== undefined) cfg[key] = v[key]; });
    return cfg;
  }

  var GIB = 1073741824;

  /* MFU from 6N + attention, and from the chosen model's layer-by-layer count when there is one. */
  function mfuCalc(v, data) {
    var achieved = v.achieved_tflops === null || v.achieved_tflops === undefined ? null : v.achieved_tflops * 1e12;
    var options = {
      peak_flops: v.peak_tflops * 1e12, devices: v.devices, recompute: v.recompute,
      tokens_per_s: v.tokens_per_s, step_seconds: v.step_seconds, batch_tokens: v.batch_tokens,
      achieved_flops: achieved
    };
    var perToken = C.training_flops_per_token(v.active_params,
      { layers: v.layers, attention_width: v.attention_width, seq: v.seq });
    var found = C.mfu(perToken, options);
    var out = {
      convention: say("convention", {
        n: sig(v.active_params),
        embedding: say(v.embeddings === "excluded" ? "embedding_left_out" : "embedding_counted")
      }) + (achieved === null ? "" : say("convention_achieved")),
      flops_per_token: found.flops_per_token, tokens_per_s_used: found.tokens_per_s,
      model_flops_per_s: found.model_flops_per_s, mfu: found.mfu, hfu: found.hfu,
      shape_flops_per_token: null, shape_mfu: null
    };
    var cfg = v.preset ? presetConfig(data, v.preset) : null;
    if (cfg && v.seq >= 1) {
      var shaped = C.model_flops_per_token(cfg, v.seq);
      out.shape_flops_per_token = shaped;
      // The same run's tokens/s, counted layer by layer.
      out.shape_mfu = C.mfu(shaped, {
        peak_flops: options.peak_flops, devices: v.devices, recompute: v.recompute, tokens_per_s: found.tokens_per_s
      }).mfu;
    }
    return out;
  }

  var CALCS = {
    conv2d: function (v) {
      var r = C.conv2d(v.batch, v.c_in, v.c_out, v.h_in, v.w_in, v.kernel,
        { stride: v.stride, padding: v.padding, groups: v.groups, bias: v.bias });
      return { h_out: r.h_out, w_out: r.w_out, params: r.params, macs: r.macs, flops: r.flops };
    },
    linear: function (v) {
      var r = C.linear(v.in_features, v.out_features, { tokens: v.tokens, bias: v.bias });
      return { params: r.params, macs: r.macs, flops: r.flops };
    },
    transformer: function (v) {
      var cfg = configFrom(v);
      var r = C.transformer_forward(cfg, { batch: v.batch, seq: v.seq });
      return {
        params: r.params,
        active_params: C.transformer_params(cfg, { active: true }),
        macs: r.macs, flops: r.flops, flops_per_token: r.flops / (v.batch * v.seq)
      };
    },
    model: function (v, data) {
      var preset = need(data.presets[v.preset], "preset", say("choose_model"));
      var r = C.model_cost(preset, { batch: v.batch });
      return { params: r.params, published_params: preset.published_params, macs: r.macs, flops: r.flops };
    },
    training: function (v) {
      var seconds = C.training_time(v.params, v.tokens, v.gpus, v.tflops * 1e12, { recompute: v.recompute });
      return { flops: C.training_flops(v.params, v.tokens), seconds: seconds, gpu_hours: C.gpu_hours(seconds, v.gpus) };
    },
    megatron: function (v) {
      var flops = C.megatron_iteration_flops(v.batch, v.seq, v.layers, v.hidden, v.vocab, { recompute: v.recompute });
      return { flops: flops, flops_per_token: flops / (v.batch * v.seq) };
    },
    "inference-memory": function (v, data) {
      var weights = C.weights_bytes(v.params, v.weights_dtype);
      var kv = C.kv_cache_bytes(v.layers, v.kv_heads, v.head_dim, v.context, { batch: v.batch, dtype: v.kv_dtype });
      var total = weights + kv;
      var memory = memoryOf(data, v.device);
      return {
        weights: weights, kv_cache: kv, total: total, device_memory: memory,
        share: memory === null ? null : total / memory, fits: fitsText(total, memory, Boolean(v.device))
      };
    },
    "training-memory": function (v, data) {
      var parts = C.training_state_parts(v.params / v.tp, {
        optimizer: v.optimizer, precision: v.precision, zero_stage: Number(v.zero_stage), dp: v.dp
      });
      var perLayer = C.activation_bytes_per_layer(v.seq, v.batch, v.hidden, v.heads, {
        tp: v.tp, sequence_parallel: v.sequence_parallel, recompute: v.recompute
      });
      var activations = perLayer * v.layers;
      var extra = C.training_extra_bytes(v.seq, v.batch, v.hidden, v.heads, v.vocab, {
        tp: v.tp, sequence_parallel: v.sequence_parallel, recompute: v.recompute,
        compute_dtype: v.precision === "fp32" ? "fp32" : "bf16", fp32_loss: v.fp32_loss
      });
      var total = parts.weights + parts.gradients + parts.optimizer_states + activations +
        extra.logits + extra.loss_copy + extra.recompute_working;
      var memory = memoryOf(data, v.device);
      return {
        weights: parts.weights, gradients: parts.gradients, optimizer_states: parts.optimizer_states,
        activations_per_layer: perLayer, activations: activations, logits: extra.logits,
        loss_copy: extra.loss_copy, recompute_working: extra.recompute_working,
        total: total, device_memory: memory,
        share: memory === null ? null : total / memory, fits: fitsText(total, memory, Boolean(v.device))
      };
    },
    "roofline-gemm": function (v) {
      var r = rateOf(v);
      var flops = 2 * v.m * v.n * v.k;
      var bytes = C.gemm_bytes(v.m, v.n, v.k, { dtype: v.dtype });
      var intensity = C.gemm_intensity(v.m, v.n, v.k, { dtype: v.dtype });
      return {
        flops: flops, bytes: bytes, intensity: intensity,
        ridge: C.ridge_point(r.peak, r.bw), attainable: C.attainable_flops(intensity, r.peak, r.bw),
        bound: boundBy(flops, bytes, r.peak, r.bw), seconds: C.roofline_time(flops, bytes, r.peak, r.bw)
      };
    },
    "roofline-kernel": function (v) {
      var r = rateOf(v);
      var intensity = v.bytes > 0 ? v.flops / v.bytes : null;
      return {
        intensity: intensity, ridge: C.ridge_point(r.peak, r.bw),
        attainable: intensity === null ? r.peak : C.attainable_flops(intensity, r.peak, r.bw),
        bound: boundBy(v.flops, v.bytes, r.peak, r.bw), seconds: C.roofline_time(v.flops, v.bytes, r.peak, r.bw)
      };
    },
    llm: function (v, data) {
      var cfg = need(presetConfig(data, v.preset), "preset", say("choose_decoder"));
      var r = rateOf(v);
      var memory = v.memory_gb === null ? null : v.memory_gb * GIB;
      // tp devices work as one: their rates and bandwidths add, and the model is split over them.
      var found = C.llm_inference(cfg, {
        batch: v.batch, context: v.context, weights_dtype: v.weights_dtype, kv_dtype: v.kv_dtype,
        peak_flops: r.peak * v.tp, bandwidth: r.bw * v.tp,
        memory_bytes: memory === null ? null : memory * v.tp
      });
      var perToken = C.kv_bytes_per_token(cfg, v.kv_dtype, { tp: v.tp });
      var out = {
        weights: found.weights, kv_cache: found.kv_cache, fits: found.fits,
        shortfall: found.fits === "no" ? found.shortfall_bytes : null,
        experts_touched: found.experts_touched, decode_weights_read: found.decode_weights_read,
        kv_bytes_per_token: perToken,
        kv_sequence: C.kv_sequence_bytes(cfg, v.context, v.kv_dtype, { tp: v.tp }),
        weights_per_device: found.weights / v.tp,
        kv_budget: null, kv_tokens: null, concurrency: null, max_sequences: null,
        kv_tokens_reported: v.kv_memory_gib === null || v.kv_memory_gib === undefined ? null :
          C.kv_tokens_in(cfg, v.kv_memory_gib * GIB, v.kv_dtype, { tp: v.tp, block_size: v.block_size }),
        decode_seconds: found.decode_seconds, decode_tokens_per_s: found.decode_tokens_per_s,
        decode_tokens_per_s_seq: found.decode_tokens_per_s_seq, decode_bound: found.decode_bound,
        prefill_seconds: found.prefill_seconds, prefill_bound: found.prefill_bound
      };
      if (memory !== null) {
        var cap = C.kv_capacity(cfg, {
          memory_bytes: memory, context: v.context, memory_fraction: v.memory_fraction,
          weights_dtype: v.weights_dtype, kv_dtype: v.kv_dtype, tp: v.tp, block_size: v.block_size,
          overhead_bytes: v.overhead_gb * GIB
        });
        out.weights_per_device = cap.weights_bytes;
        out.kv_budget = cap.kv_budget_bytes;
        out.kv_tokens = cap.tokens;
        out.concurrency = cap.concurrency;
        out.max_sequences = cap.max_sequences;
      }
      return out;
    },
    mfu: function (v, data) { return mfuCalc(v, data); },
    export: function (v, data, form) {
      var peaks = {};
      Object.keys(C.BIT_LENGTHS).forEach(function (p) {
        if (v["tops_" + p] !== null && v["tops_" + p] !== undefined) peaks[p] = v["tops_" + p];
      });
      var device = {
        peak_dense: peaks, die_area_mm2: v.die_area_mm2,
        interconnect: { scale_up_bandwidth_gbs: v.scale_up_gbs, host_bandwidth_gbs: v.host_gbs },
        designed_for_datacenter: v.datacenter
      };
      /* A catalog device brings the precisions its architecture runs: a rate it lacks then
         makes TPP a lower bound, exactly as on its device page. Typed numbers are taken as
         the complete set. */
      var select = form.querySelector('[data-role="device"]');
      var chosen = select && select.value ? deviceById(data, select.value) : null;
      if (chosen && chosen.calc && sameAsDevice(v, chosen.calc)) {
        /* Unchanged catalog figures: classify the device's own record, so every rate it
           lacks turns TPP into a bound exactly as on its device page. */
        device = Object.assign({}, chosen.calc, { designed_for_datacenter: v.datacenter });
      }
      var total = C.device_tpp(peaks);
      var best = null;
      Object.keys(peaks).forEach(function (p) {
        var product = C.tpp(peaks[p], C.BIT_LENGTHS[p]);
        if (best === null || product > best.product) best = { p: p, product: product };
      });
      var io = C.export_metrics(device).io_bandwidth_gbs;
      var out = {
        tpp: total,
        tpp_precision: best
          ? say("tpp_from", { rate: rateName(form, best.p), value: sig(peaks[best.p]), bits: C.BIT_LENGTHS[best.p] }) : null,
        performance_density: total !== null && v.die_area_mm2 !== null ? C.performance_density(total, v.die_area_mm2) : null,
        io_bandwidth_gbs: io[0] === io[1] ? io[0] : null
      };
      data.rules.forEach(function (rule) {
        // The device pages' own decision (calc.export_answer): the same function on the same record.
        var report = C.export_answer(device, rule);
        out["class:" + rule.id] = report.answer;
        explain(form, rule, report, device.tpp_min !== undefined || device.tpp_max !== undefined);
      });
      return out;
    },
    "units-bytes": function (v) {
      var gb = v.unit === "GB" ? v.value : C.gib_to_gb(v.value);
      var gib = v.unit === "GB" ? C.gb_to_gib(v.value) : v.value;
      return { gb: gb, gib: gib, bytes: v.unit === "GB" ? v.value * 1e9 : v.value * 1073741824 };
    },
    "units-flops": function (v) {
      var tera = v.unit === "TFLOPS";
      return { tflops: tera ? v.value : C.flops_to_tflops(v.value), flops: tera ? C.tflops_to_flops(v.value) : v.value };
    },
    "units-tensor": function (v) {
      var elements = v.shape.reduce(function (a, b) { return a * b; }, 1);
      return { elements: elements, bytes: C.tensor_bytes(v.shape, v.dtype) };
    }
  };

  function holdsText(holds) {
    return say(holds === true ? "holds" : holds === false ? "does_not_hold" : "cannot_tell");
  }

  /* Whether the form still shows a device's own figures (per precision, the largest rate). */
  function sameAsDevice(v, record) {
    var peaks = record.peak_dense || {};
    var same = Object.keys(C.BIT_LENGTHS).every(function (p) {
      var best = null;
      Object.keys(peaks).forEach(function (key) {
        if (key.split("_")[0] === p && peaks[key] !== null && (best === null || peaks[key] > best)) best = peaks[key];
      });
      var typed = v["tops_" + p];
      return (typed === null || typed === undefined ? null : typed) === best;
    });
    var link = record.interconnect || {};
    function eq(a, b) { return (a === undefined ? null : a) === (b === undefined ? null : b); }
    return same && eq(v.die_area_mm2, record.die_area_mm2) && eq(v.scale_up_gbs, link.scale_up_bandwidth_gbs) &&
      eq(v.host_gbs, link.host_bandwidth_gbs);
  }

  /* Export reasons in the edition's words. The build puts the phrases of the data-text
     catalogue (data/translations/<language>/generated.yaml, the same phrases device pages show
     export reasons with) on non-English pages; they are matched and filled as
     render/datatext.py does: a field t_ is translated in turn, l_ is a list translated item by
     item, n_ is one word, any other is kept as written. Without them (English) calc's own words
     are shown. */
  var phraseCache = { holder: undefined, list: [] };

  function escapeRegExp(text) {
    return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  }

  function phrases() {
    var holder = document.getElementById("xpuref-calc-phrases");
    if (phraseCache.holder === holder) return phraseCache.list;
    var pairs = holder ? window.xpurefPage.readJson("xpuref-calc-phrases") || [] : [];
    var list = pairs.map(function (pair) {
      var english = String(pair[0]);
      var names = [];
      var regex = "";
      var last = 0;
      english.replace(/\{([a-z_]+)\}/g, function (whole, name, at) {
        regex += escapeRegExp(english.slice(last, at)) + (name.indexOf("n_") === 0 ? "(\\S+)" : "([^;]+?)");
        names.push(name);
        last = at + whole.length;
        return whole;
      });
      return {
        english: english, text: String(pair[1]), names: names,
        pattern: new RegExp("^" + regex + escapeRegExp(english.slice(last)) + "$"),
        fixed: english.replace(/\{[a-z_]+\}/g, "").length
      };
    });
    // The most specific pattern (most fixed text) is tried first, as render/datatext.py does.
    list.sort(function (a, b) { return b.fixed - a.fixed; });
    phraseCache = { holder: holder, list: list };
    return list;
  }

  function latinWords(text) {
    return text.split(/\s+/).filter(function (word) { return /[A-Za-z]/.test(word); }).length;
  }

  function phraseValue(name, value) {
    if (name.indexOf("t_") === 0) return /[A-Za-z]/.test(value) ? phrase(value) : value;
    if (name.indexOf("l_") === 0) {
      var done = value.split(/, and |, | and /).map(function (item) {
        return /[A-Za-z]/.test(item) ? phrase(item) : item;
      });
      return done.indexOf(null) === -1 ? done.join(say("phrase_list_joiner")) : null;
    }
    return latinWords(value) <= 8 ? value : null;
  }

  /* One text in the edition's words: an entry, or a pattern filled in; null when none fits. */
  function phrase(text) {
    var list = phrases();
    var i;
    for (i = 0; i < list.length; i += 1) {
      if (!list[i].names.length && list[i].english === text) return list[i].text;
    }
    for (i = 0; i < list.length; i += 1) {
      var entry = list[i];
      var found = entry.names.length ? entry.pattern.exec(text) : null;
      if (!found) continue;
      var values = {};
      var ok = entry.names.every(function (name, at) {
        values[name] = phraseValue(name, found[at + 1]);
        return values[name] !== null;
      });
      if (ok) {
        return entry.text.replace(/\{([a-z_]+)\}/g, function (whole, name) {
          return Object.prototype.hasOwnProperty.call(values, name) ? values[name] : whole;
        });
      }
    }
    return null;
  }

  /* A reason (parts joined by "; ") in the edition's words, part by part where a whole fails. */
  function inEdition(text) {
    text = String(text);
    if (!phrases().length || !/[A-Za-z]/.test(text)) return text;
    var whole = phrase(text);
    if (whole !== null) return whole;
    var parts = text.split("; ");
    var done = parts.map(function (part) { return /[A-Za-z]/.test(part) ? phrase(part) : null; });
    if (parts.length < 2 || done.every(function (d) { return d === null; })) return text;
    return parts.map(function (part, i) { return done[i] === null ? part : done[i]; })
      .join(say("phrase_part_joiner"));
  }

  function explain(form, rule, report, narrowed) {
    var list = form.querySelector('[data-explain="' + rule.id + '"]');
    if (!list) return;
    list.textContent = "";
    function line(text) {
      var item = document.createElement("li");
      item.textContent = text;
      list.appendChild(item);
    }
    var exclusions = rule.exclusions || [];
    report.exclusions.forEach(function (e, i) {
      line(say("exclusion", { holds: holdsText(e.holds), summary: inEdition((exclusions[i] || {}).summary || "") }));
    });
    report.classes.forEach(function (c, i) {
      line(say("class_line", {
        "class": c["class"], holds: holdsText(c.holds), summary: inEdition((rule.classes[i] || {}).summary || "")
      }));
    });
    if (narrowed) {
      line(say("tpp_narrowed"));
    }
    if (report.tpp !== null && !report.tpp_exact) {
      line((report.tpp_high !== null ? say("tpp_between", { low: sig(report.tpp), high: sig(report.tpp_high) }) :
        say("tpp_lower_bound")) +
        (report.missing.length ? ": " + inEdition(C.missing_words(report.missing)) + "." : "."));
    }
    line(say("result", {
      answer: valueWords(report.answer),
      higher: report.at_least && report.answer === "unknown" ? say("or_higher", { "class": report.at_least }) : "",
      reason: inEdition(report.reason)
    }));
  }

  /* ---------- the roofline plot of the two roofline calculators ---------- */

  var SVG_NS = "http://www.w3.org/2000/svg";

  function svgEl(parent, name, attrs, text) {
    var el = document.createElementNS(SVG_NS, name);
    Object.keys(attrs).forEach(function (key) { el.setAttribute(key, String(attrs[key])); });
    if (text !== undefined) el.textContent = text;
    parent.appendChild(el);
    return el;
  }

  /* Measured beside peak (data/measured/): the highest cited GEMM rate of the chosen device
     at the chosen precision, per visible device. The MFU form adds MFU against it; the roofline
     forms add it as a second, lower ceiling. Outputs a form lacks are simply not shown. */
  function withAchieved(id, v, data, outputs) {
    var device = v.device ? deviceById(data, v.device) : null;
    var tflops = device && device.achieved ? device.achieved[v.precision] : undefined;
    var achieved = tflops ? tflops * 1e12 : null;
    if (id === "mfu") {
      outputs.achieved_tflops = achieved;
      outputs.mfu_achieved = achieved && outputs.model_flops_per_s !== null && outputs.model_flops_per_s !== undefined
        ? outputs.model_flops_per_s / achieved : null;
    } else if (id.indexOf("roofline") === 0) {
      outputs.achieved = achieved;
      outputs.achieved_attainable = achieved && outputs.intensity
        ? Math.min(achieved, outputs.intensity * v.bandwidth_gbs * 1e9) : null;
    }
  }

  function drawRoofline(form, peak, bw, intensity, attainable, achieved) {
    var figure = form.querySelector(".xpuref-roofline-plot");
    if (!figure) return;
    var svg = figure.querySelector("svg");
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    var ok = peak > 0 && bw > 0 && intensity > 0 && attainable > 0 && isFinite(intensity);
    figure.hidden = !ok;
    form.setAttribute("data-plotted", ok ? "1" : "");
    if (!ok) return;
    var ridge = peak / bw;
    var x0 = Math.min(intensity, ridge) / 10, x1 = Math.max(intensity, ridge) * 10;
    var y0 = Math.min(bw * x0, attainable) / 2, y1 = peak * 3;
    var W = 440, H = 270, L = 62, R = 14, T = 10, B = 40;
    function scale(v, lo, hi, from, to) {
      return from + (Math.log10(v) - Math.log10(lo)) / (Math.log10(hi) - Math.log10(lo)) * (to - from);
    }
    function X(v) { return scale(v, x0, x1, L, W - R); }
    function Y(v) { return scale(v, y0, y1, H - B, T); }
    svgEl(svg, "path", { d: "M" + L + "," + T + "V" + (H - B) + "H" + (W - R), "class": "axis" });
    [[x0, x1, X, true], [y0, y1, Y, false]].forEach(function (a) {
      for (var e = Math.ceil(Math.log10(a[0])); e <= Math.floor(Math.log10(a[1])); e += 1) {
        var v = Math.pow(10, e), at = a[2](v);
        if (a[3]) {
          svgEl(svg, "path", { d: "M" + at + "," + (H - B) + "v4", "class": "axis" });
          svgEl(svg, "text", { x: at, y: H - B + 15, "text-anchor": "middle" }, sig(v));
        } else {
          svgEl(svg, "path", { d: "M" + (L - 4) + "," + at + "h4", "class": "axis" });
          svgEl(svg, "text", { x: L - 6, y: at + 3, "text-anchor": "end" }, si(v, "FLOP/s"));
        }
      }
    });
    svgEl(svg, "text", { x: (L + W - R) / 2, y: H - 6, "text-anchor": "middle" }, say("axis_intensity"));
    svgEl(svg, "path", {
      d: "M" + X(x0) + "," + Y(bw * x0) + "L" + X(ridge) + "," + Y(peak) + "L" + X(x1) + "," + Y(peak),
      "class": "roof"
    });
    if (achieved && achieved > y0 && achieved < y1) {
      svgEl(svg, "path", { d: "M" + X(achieved / bw) + "," + Y(achieved) + "H" + X(x1), "class": "roof-achieved" });
      svgEl(svg, "text", { x: W - R - 4, y: Y(achieved) + 14, "text-anchor": "end", "class": "achieved-label" },
        say("achieved_label", { rate: si(achieved, "FLOP/s") }));
    }
    form.setAttribute("data-achieved", achieved ? String(achieved) : "");
    svgEl(svg, "path", { d: "M" + X(intensity) + "," + (H - B) + "V" + Y(attainable), "class": "guide" });
    svgEl(svg, "circle", { cx: X(intensity), cy: Y(attainable), r: 5, "class": "kernel" });
    var right = X(intensity) > (L + W - R) / 2;
    svgEl(svg, "text", {
      x: X(intensity) + (right ? -8 : 8), y: Y(attainable) + 16, "text-anchor": right ? "end" : "start", "class": "kernel-label"
    }, say("kernel_label", { rate: si(attainable, "FLOP/s") }));
  }

  /* ---------- filling fields from presets and devices ---------- */

  function put(form, name, value, role) {
    var el = field(form, name);
    if (!el) return;
    if (el.getAttribute("data-kind") === "bool") el.checked = Boolean(value);
    else el.value = value === null || value === undefined ? "" : String(value);
    el.setAttribute("data-filled-by", role);
    el.setAttribute("data-filled-value", el.getAttribute("data-kind") === "bool" ? String(el.checked) : el.value);
  }

  var PRECISION_ORDER = ["bf16_matrix", "fp16_matrix", "fp8_matrix", "int8_matrix", "tf32_matrix", "fp32", "fp16", "bf16", "fp64", "int8"];

  function fillPreset(form, data) {
    var select = form.querySelector('[data-role="preset"]');
    if (!select || !select.value) return;
    var cfg = presetConfig(data, select.value);
    if (!cfg) return;
    var full = C.transformer_config(cfg);
    var active = C.transformer_params(full, { active: true });
    var convention = field(form, "embeddings");
    if (convention && convention.value === "excluded" && !full.tied_embeddings) {
      active -= (full.vocab + full.learned_positions) * full.hidden;  // the input embedding table
    }
    var values = {
      params: C.transformer_params(full), active_params: active, attention_width: full.q_dim
    };
    // An optional field the preset leaves to its default stays empty (head_dim = hidden / heads).
    SHAPE_FIELDS.forEach(function (key) {
      var el = field(form, key);
      var optional = el !== null && el.hasAttribute("data-optional");
      values[key] = optional && !(key in cfg) ? null : full[key];
    });
    Object.keys(values).forEach(function (key) { put(form, key, values[key], "preset"); });
  }

  /* A preset published in another format than bf16 (DeepSeek-V3: FP8) starts from it. */
  function fillRelease(form, data) {
    var select = field(form, "preset");
    var dtype = field(form, "weights_dtype");
    var preset = select && select.value ? data.presets[select.value] : null;
    if (!dtype || !preset) return;
    put(form, "weights_dtype", preset.weights_dtype || "bf16", "preset");
  }

  /* A device that shows itself to software as N devices (MI250X: one per GCD) gives each of
     them 1/N of the package's rate, bandwidth and memory; forms work per visible device. */
  function share(device, value) {
    if (value === null || value === undefined) return value;
    return value / (device.visible_devices || 1);
  }

  function optionText(select, value) {
    var found = Array.prototype.filter.call(select.options, function (o) { return o.value === value; })[0];
    return found ? found.textContent : value;
  }

  /* The note under the precision choice: which rate the device lacks, and why. */
  function peakNote(form, precision, text) {
    var note = form.querySelector(".xpuref-peak-note");
    if (!note) {
      note = document.createElement("p");
      note.className = "xpuref-peak-note";
      note.setAttribute("role", "status");
      var holder = precision.closest(".xpuref-field") || precision;
      holder.insertAdjacentElement("afterend", note);
    }
    note.textContent = text;
    note.hidden = !text;
  }

  /* Fill the peak rate from the device. A precision the device has no rate for is never
     swapped silently: on a reader's own choice the field is left empty with the reason; when
     a newly chosen device lacks the current precision, its first listed rate is used and the
     note says so. */
  function fillPeak(form, device, readerChoice) {
    var precision = field(form, "precision");
    if (!precision || !field(form, "peak_tflops")) return;
    var peaks = device.calc.peak_dense || {};
    var wanted = precision.value;
    var text = "";
    // A repeat of the same fill (input and change both fire) keeps the note it wrote.
    if (peaks[wanted] && form.xpurefPeakFill === device.id + "|" + wanted) {
      put(form, "peak_tflops", share(device, peaks[wanted]), "device");
      return;
    }
    if (!peaks[wanted]) {
      var runs = (device.calc.supported_rates || []).indexOf(wanted) !== -1;
      var why = say(runs ? "no_published_rate" : "does_not_run", { device: device.name, precision: optionText(precision, wanted) });
      var other = null;
      if (!readerChoice) {
        var keys = PRECISION_ORDER.concat(Object.keys(peaks));
        for (var i = 0; i < keys.length; i += 1) if (peaks[keys[i]]) { other = keys[i]; break; }
      }
      if (other) {
        precision.value = other;
        text = say("rate_instead", { why: why, precision: optionText(precision, other) });
      } else {
        text = say(runs ? "choose_precision_data" : "choose_precision", { why: why });
      }
    }
    form.xpurefPeakFill = device.id + "|" + precision.value;
    peakNote(form, precision, text);
    put(form, "peak_tflops", share(device, peaks[precision.value]), "device");
  }

  function fillDevice(form, data) {
    var select = form.querySelector('[data-role="device"]');
    var device = select && select.value ? deviceById(data, select.value) : null;
    if (!device) return;
    fillPeak(form, device);
    put(form, "bandwidth_gbs", share(device, device.memory_bandwidth_gbs), "device");
    var memoryBytes = share(device, device.memory_usable_bytes || device.memory_bytes);
    put(form, "memory_gb", memoryBytes ? Number((memoryBytes / 1073741824).toPrecision(6)) : null, "device");
    if (field(form, "tops_fp16")) {
      Object.keys(C.BIT_LENGTHS).forEach(function (p) {
        var best = null;
        var peaks = device.calc.peak_dense || {};
        Object.keys(peaks).forEach(function (key) {
          if (key.split("_")[0] === p && peaks[key] !== null && (best === null || peaks[key] > best)) best = peaks[key];
        });
        put(form, "tops_" + p, best, "device");
      });
      var link = device.calc.interconnect || {};
      put(form, "die_area_mm2", device.calc.die_area_mm2, "device");
      put(form, "scale_up_gbs", link.scale_up_bandwidth_gbs, "device");
      put(form, "host_gbs", link.host_bandwidth_gbs, "device");
      put(form, "datacenter", device.calc.designed_for_datacenter !== false, "device");
    }
  }

  /* A filled field edited by hand no longer matches its preset or device: say so. */
  function detach(form, el) {
    var role = el.getAttribute("data-filled-by");
    if (!role) return;
    var now = el.getAttribute("data-kind") === "bool" ? String(el.checked) : el.value;
    if (now === el.getAttribute("data-filled-value")) return;
    var select = form.querySelector('[data-role="' + role + '"]');
    if (select) select.value = "";
    fields(form).forEach(function (other) {
      if (other.getAttribute("data-filled-by") === role) other.removeAttribute("data-filled-by");
    });
  }

  /* ---------- device names as drivers print them (resolve.js, the data of xpuref lookup) ---------- */

  function chooseDevice(form, data, id) {
    var select = form.querySelector('[data-role="device"]');
    if (!select || !deviceById(data, id)) return;
    select.value = id;
    select.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function resolvedNote(form, data, parts) {
    var note = form.querySelector(".xpuref-resolved");
    if (!note) return;
    note.textContent = "";
    parts.forEach(function (part) {
      if (typeof part === "string") { note.appendChild(document.createTextNode(part)); return; }
      var button = document.createElement("button");
      button.type = "button";
      button.className = "xpuref-resolve-choice md-button";
      button.setAttribute("data-device", part.id);
      button.textContent = part.name;
      button.addEventListener("click", function () {
        chooseDevice(form, data, part.id);
        resolvedNote(form, data, [say("chosen", { name: part.name })]);
      });
      note.appendChild(button);
    });
    form.setAttribute("data-resolved", parts.length ? "1" : "");
  }

  function resolveTyped(form, data, text) {
    var R = window.xpurefResolve;
    if (!R || !data.lookup) return;
    if (!text.trim()) { resolvedNote(form, data, []); return; }
    var found = R.resolve(text, data.lookup);
    var known = function (ids) {
      return ids.map(function (id) { return deviceById(data, id); }).filter(Boolean)
        .map(function (d) { return { id: d.id, name: d.name }; });
    };
    if (found.id) {
      var device = deviceById(data, found.id);
      if (!device) return;
      chooseDevice(form, data, device.id);
      var per = device.visible_devices > 1 ? say("per_visible", { count: device.visible_devices }) : "";
      resolvedNote(form, data, [say("resolved", { text: text.trim(), name: device.name }) + per]);
      form.setAttribute("data-resolved-id", device.id);
    } else if (found.ambiguous) {
      resolvedNote(form, data, [say("ambiguous", { text: text.trim() })].concat(known(found.ambiguous)));
    } else {
      var near = known(found.candidates);
      resolvedNote(form, data, near.length ?
        [say("did_you_mean", { text: text.trim() })].concat(near) :
        [say("no_such_device", { text: text.trim() })]);
    }
  }

  /* ---------- the query string ---------- */

  function encoded(el) {
    return el.getAttribute("data-kind") === "bool" ? (el.checked ? "1" : "0") : el.value;
  }

  function restore(form, params) {
    var id = form.getAttribute("data-calc");
    var found = [];
    fields(form).forEach(function (el) {
      var key = id + "." + el.name;
      if (!params.has(key)) return;
      found.push(el.name);
      var raw = params.get(key);
      if (el.getAttribute("data-kind") === "bool") {
        el.checked = raw === "1" || raw === "true";
      } else if (el.tagName === "SELECT") {
        var ok = Array.prototype.some.call(el.options, function (o) { return o.value === raw; });
        if (ok) el.value = raw;
        else form.setAttribute("data-link-note", say("unknown_choice", { field: el.name, raw: raw }));
      } else {
        el.value = raw;
      }
    });
    return found;
  }

  /* A link may carry only a model or device name: the fields it leaves out come from that
     choice, so a trimmed link computes with the named model's shape. A field the link gives
     that contradicts the choice wins, the choice is dropped, and the page says so. */
  function relink(form, data, names) {
    var given = {};
    names.forEach(function (name) { given[name] = encoded(field(form, name)); });
    var preset = form.querySelector('[data-role="preset"]');
    var device = form.querySelector('[data-role="device"]');
    var chosen = { preset: preset ? preset.value : "", device: device ? device.value : "" };
    if (chosen.preset && names.indexOf(preset.name) !== -1) fillPreset(form, data);
    if (!preset && names.indexOf("preset") !== -1 && names.indexOf("weights_dtype") === -1) fillRelease(form, data);
    if (chosen.device && names.indexOf("device") !== -1) fillDevice(form, data);
    names.forEach(function (name) {
      var el = field(form, name);
      if (el.getAttribute("data-kind") === "bool") el.checked = given[name] === "1";
      else el.value = given[name];
    });
    names.forEach(function (name) { detach(form, field(form, name)); });
    var notes = [];
    if (preset && chosen.preset && !preset.value) {
      notes.push(say("shape_differs", { model: optionText(preset, chosen.preset) }));
    }
    if (device && chosen.device && !device.value) {
      notes.push(say("figures_differ", { device: optionText(device, chosen.device) }));
    }
    if (notes.length) {
      var before = form.getAttribute("data-link-note");
      form.setAttribute("data-link-note", ((before ? before + " " : "") + notes.join(" ")).trim());
    }
  }

  var pending = null;  // {params, timer, path}: updates gathered between two URL writes

  /* Write the form's inputs to the query string; calls within 150 ms share one write. */
  function saveUrl(form) {
    if (!pending || pending.path !== window.location.pathname) {
      if (pending) clearTimeout(pending.timer);
      pending = { params: new URLSearchParams(window.location.search), timer: null, path: window.location.pathname };
    }
    var id = form.getAttribute("data-calc");
    var params = pending.params;
    fields(form).forEach(function (el) { params.set(id + "." + el.name, encoded(el)); });
    if (pending.timer) clearTimeout(pending.timer);
    pending.timer = setTimeout(function () {
      var path = pending.path;
      pending = null;
      if (path !== window.location.pathname) return;  // the reader moved on to another page
      var url = path + "?" + params.toString() + window.location.hash;
      try { window.history.replaceState(window.history.state, "", url); } catch (e) { /* file:// may refuse */ }
    }, 150);
  }

  /* ---------- recomputing ---------- */

  function show(out, value) {
    var format = out.getAttribute("data-format") || "number";
    if (value === null || value === undefined) {
      out.textContent = "—";
      out.setAttribute("data-value", "");
    } else if (typeof value === "number") {
      out.textContent = (FORMATS[format] || FORMATS.number)(value);
      out.setAttribute("data-value", String(value));
    } else {
      // An export class is shown in words ("not-controlled" reads "not controlled"); a class
      // name such as 3A090.a is shown as it is. data-value keeps the exact answer.
      out.textContent = valueWords(String(value), format);
      out.setAttribute("data-value", String(value));
    }
    if (out.getAttribute("data-format") === "verdict") {
      var verdict = value === "yes" || value === "no" ? value : value === null || value === undefined ? "" : "unknown";
      out.setAttribute("data-verdict", verdict);
    }
  }

  /* A word result in the edition's words ("value.yes": 是); an empty entry, a class name such
     as 3A090.a and any other text stay as they are, but for "not-controlled" shown as a class,
     which reads "not controlled". */
  function valueWords(value, format) {
    var key = "value." + value;
    if (say(key) !== key && say(key)) return say(key);
    return format === "class" && /^[a-z-]+$/.test(value) ? value.replace(/-/g, " ") : value;
  }

  /* An error of xpuref-calc in the edition's words (js.calc.error.<code>); calc's own message
     where the edition keeps it (an empty entry, as English does) or names no code. */
  function errorText(error) {
    var key = error && error.code ? "error." + error.code : "";
    if (key && say(key) !== key && say(key)) return say(key, error.values);
    return error && error.message ? error.message : String(error);
  }

  function clearOutputs(form) {
    form.querySelectorAll("[data-out]").forEach(function (out) { show(out, null); });
    drawRoofline(form, 0, 0, 0, 0);
    form.querySelectorAll("[data-explain]").forEach(function (list) { list.textContent = ""; });
  }

  /* calc's argument names for fields the forms ask for in other units. */
  var FIELD_OF = {
    peak_flops: "peak_tflops", bandwidth: "bandwidth_gbs", memory_bytes: "memory_gb",
    overhead_bytes: "overhead_gb", flops_per_token: "active_params", params: "active_params",
    achieved_flops: "achieved_tflops", kv_memory_bytes: "kv_memory_gib"
  };

  function recompute(form, data) {
    var started = performance.now();
    var id = form.getAttribute("data-calc");
    var message = form.querySelector(".xpuref-calc-error");
    var values = {};
    var invalid = false;
    fields(form).forEach(function (el) {
      var read = readField(el);
      setError(el, read.error);
      if (read.error) invalid = true;
      else values[el.name] = read.value;
    });
    message.textContent = "";
    form.removeAttribute("data-state");
    if (invalid) {
      clearOutputs(form);
      message.textContent = say("fix_fields");
      form.setAttribute("data-state", "invalid");
    } else {
      try {
        var outputs = CALCS[id](values, data, form);
        withAchieved(id, values, data, outputs);
        var bad = Object.keys(outputs).filter(function (k) {
          return typeof outputs[k] === "number" && !isFinite(outputs[k]);
        });
        if (bad.length) throw new RangeError(say("result_too_large"));
        form.querySelectorAll("[data-out]").forEach(function (out) { show(out, outputs[out.getAttribute("data-out")]); });
        form.setAttribute("data-state", "ok");
        if (id.indexOf("roofline") === 0) {
          var rates = rateOf(values);
          drawRoofline(form, rates.peak, rates.bw, outputs.intensity, outputs.attainable, outputs.achieved);
        }
      } catch (error) {
        clearOutputs(form);
        form.setAttribute("data-state", "invalid");
        var name = error && error.argument ? String(error.argument).replace(/\[.*$/, "") : "";
        var target = name ? field(form, name) || field(form, FIELD_OF[name] || name) : null;
        if (target) {
          setError(target, errorText(error));
          message.textContent = say("fix_fields");
        } else {
          message.textContent = errorText(error);
        }
      }
    }
    var ms = performance.now() - started;
    timings.last = { calc: id, ms: ms };
    timings.byCalc[id] = ms;
    timings.max = Math.max(timings.max, ms);
    timings.count += 1;
  }

  function bind(form, data, params) {
    var linked = restore(form, params);
    if (!linked.length) {
      fillPreset(form, data);
      if (!form.querySelector('[data-role="preset"]')) fillRelease(form, data);
      fillDevice(form, data);
    } else {
      relink(form, data, linked);
    }
    form.addEventListener("submit", function (event) { event.preventDefault(); });
    function changed(event) {
      var el = event.target;
      if (!el || !el.getAttribute || !el.getAttribute("data-kind")) return;
      var role = el.getAttribute("data-role");
      if (role === "preset") fillPreset(form, data);
      else if (el.name === "preset") fillRelease(form, data);
      else if (el.name === "embeddings") fillPreset(form, data);
      else if (role === "device") fillDevice(form, data);
      else if (el.name === "precision") {
        var select = form.querySelector('[data-role="device"]');
        var device = select && select.value ? deviceById(data, select.value) : null;
        if (device) fillPeak(form, device, true);
      } else detach(form, el);
      recompute(form, data);
      saveUrl(form);
    }
    form.addEventListener("input", changed);
    form.addEventListener("change", changed);
    var typed = form.querySelector('[data-role="device-name"]');
    if (typed) {
      typed.addEventListener("input", function () { resolveTyped(form, data, typed.value); });
      typed.addEventListener("keydown", function (event) { if (event.key === "Enter") event.preventDefault(); });
    }
    recompute(form, data);
    var note = form.getAttribute("data-link-note");
    if (note) {
      var message = form.querySelector(".xpuref-calc-error");
      message.textContent = (message.textContent + " " + note).trim();
    }
  }

  function init() {
    C = window.xpurefCalc;
    var forms = document.querySelectorAll("form.xpuref-calc:not([data-ready])");
    if (!forms.length || !C) return;
    var data = pageData() || { devices: [], presets: {}, rules: [], lookup: null };
    var params = new URLSearchParams(window.location.search);
    Array.prototype.forEach.call(forms, function (form) {
      form.setAttribute("data-ready", "1");
      bind(form, data, params);
    });
  }

  window.addEventListener("xpuref-calc-ready", init);
  window.xpurefPage.onPage(init);
})();
