// ropkit web page: one network's shader drawn with WebGL2. The scene (the
// GLSL ES shader naga wrote, its parameters, camera and textures) is the
// JSON block above; ropkit wrote it. The page needs nothing else and
// makes no request.
//
// window.ropkit, for tests and for pages that embed the scene:
//   ready            a promise: resolves after the first frame (with its
//                    timings), rejects with the error the page shows
//   params()         every parameter: name ("/node.Param"), value, default,
//                    range, style, label, help; live: false for the ones
//                    compiled into the shader
//   set(name, value) changes a live parameter (a uniform write, no recompile)
//   setTime(t)       moves the clock to t seconds; play(), pause()
//   setSize(w, h)    fixes the canvas to w x h pixels (null: follow the window)
//   pixels()         draws now and returns { width, height, rgba } (base64,
//                    top row first), read back from the canvas exactly
// The address may fix the size, time and clock too: page.html#size=96x96&t=0&paused
"use strict";
(function () {
  const scene = JSON.parse(document.getElementById("ropkit-scene").textContent);
  const $ = (id) => document.getElementById(id);
  const canvas = $("view");
  const hash = new URLSearchParams(location.hash.slice(1));

  // RK_GLOBAL_FLOATS and rkGlobals(): ropkit writes them here from its
  // table of globals when it writes the page.
  /* ropkit:globals */

  // Drawing state: the program and buffers once compiled; whether the
  // parameters need uploading; frames drawn; a frame asked for.
  let glState = null;
  let uploadParams = true;
  let frameCount = 0;
  let lastDraw = null;
  let pending = false;

  let settle;
  const ready = new Promise((resolve, reject) => { settle = { resolve, reject }; });
  // Failures are shown on the page; a caller that awaits `ready` sees them too.
  ready.catch(() => {});

  // ---- Failure: a readable message instead of a blank canvas ----
  function fail(message) {
    const box = $("message");
    box.textContent = message;
    box.hidden = false;
    // For tools that read the page's DOM rather than its script.
    document.body.dataset.state = "failed";
    settle.reject(new Error(message));
  }

  // Names the function (and so the node) each "ERROR: 0:123: ..." line of
  // a compile log points into: naga keeps ropkit's function names.
  function locate(log) {
    const lines = scene.shader.split("\n");
    return log.split("\n").filter((l) => l.trim()).map((line) => {
      const m = /^(ERROR|WARNING): \d+:(\d+): (.*)$/.exec(line.trim());
      if (!m) return line;
      let fn = null;
      for (let k = Number(m[2]) - 1; k >= 0 && !fn; k--) {
        fn = /^[A-Za-z_]\w* ([A-Za-z_]\w*)\(.*\) \{$/.exec(lines[k] || "");
      }
      const name = fn && fn[1];
      const node = name && (scene.functions[name] || scene.functions[name.replace(/_\d+$/, "")]);
      const where = name ? ` in ${name}${node ? ` (node ${node})` : ""}` : "";
      return `${m[1].toLowerCase()} at line ${m[2]}${where}: ${m[3]}`;
    }).join("\n");
  }

  // ---- WebGL2 ----
  const gl = canvas.getContext("webgl2", {
    preserveDrawingBuffer: true, antialias: false, premultipliedAlpha: false,
  });
  const VERTEX = "#version 300 es\nvoid main() {\n  vec2 p = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));\n  gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0);\n}\n";

  function compile() {
    const t0 = performance.now();
    const stage = (type, source, what) => {
      const s = gl.createShader(type);
      gl.shaderSource(s, source);
      gl.compileShader(s);
      if (!gl.getShaderParameter(s, gl.COMPILE_STATUS)) {
        throw new Error(`The ${what} shader does not compile in this browser:\n` +
          locate(gl.getShaderInfoLog(s) || "(no log)"));
      }
      return s;
    };
    const prog = gl.createProgram();
    gl.attachShader(prog, stage(gl.VERTEX_SHADER, VERTEX, "vertex"));
    gl.attachShader(prog, stage(gl.FRAGMENT_SHADER, scene.shader, "scene's fragment"));
    gl.linkProgram(prog);
    if (!gl.getProgramParameter(prog, gl.LINK_STATUS)) {
      throw new Error("The scene's shader does not link in this browser:\n" +
        locate(gl.getProgramInfoLog(prog) || "(no log)"));
    }
    return { prog, ms: performance.now() - t0 };
  }

  // A uniform block bound to `unit`, or null when the shader never reads it.
  function block(prog, name, unit, bytes) {
    if (!name) return null;
    const index = gl.getUniformBlockIndex(prog, name);
    if (index === gl.INVALID_INDEX) return null;
    gl.uniformBlockBinding(prog, index, unit);
    const buf = gl.createBuffer();
    gl.bindBuffer(gl.UNIFORM_BUFFER, buf);
    gl.bufferData(gl.UNIFORM_BUFFER, bytes, gl.DYNAMIC_DRAW);
    gl.bindBufferBase(gl.UNIFORM_BUFFER, unit, buf);
    return buf;
  }

  // ---- Parameters: the values and their place in the uniform block ----
  const live = scene.params.map((p) => ({ ...p, value: clone(p.value) }));
  const byName = new Map(live.map((p) => [`${p.node}.${p.param}`, p]));
  const fixed = new Map(scene.fixed.map((p) => [`${p.node}.${p.param}`, p]));
  const paramData = new Float32Array(Math.max(scene.vec4s, 1) * 4);

  function clone(v) { return Array.isArray(v) ? v.slice() : v; }

  function components(p) {
    if (typeof p.value === "boolean") return [p.value ? 1 : 0];
    return Array.isArray(p.value) ? p.value : [p.value];
  }

  // As ropkit fills the buffer: a rotation is the columns of Rz * Ry * Rx
  // (degrees), each with its angle in .w; everything else as it is.
  function pack(p) {
    const at = p.slot * 4 + p.offset;
    if (p.style === "rotation") {
      const [x, y, z] = p.value.map((d) => d * Math.PI / 180);
      const [sx, cx, sy, cy, sz, cz] = [Math.sin(x), Math.cos(x), Math.sin(y), Math.cos(y), Math.sin(z), Math.cos(z)];
      const cols = [
        [cz * cy, sz * cy, -sy],
        [cz * sy * sx - sz * cx, sz * sy * sx + cz * cx, cy * sx],
        [cz * sy * cx + sz * sx, sz * sy * cx - cz * sx, cy * cx],
      ];
      cols.forEach((c, k) => paramData.set([...c, p.value[k]], at + k * 4));
      return;
    }
    paramData.set(components(p).slice(0, p.components), at);
  }

  // Checks a value from set() against the parameter's style; returns it as stored.
  function coerce(p, value) {
    const n = p.components;
    const bad = () => new TypeError(`${p.node}.${p.param} (${p.style}) takes ` +
      (n > 1 ? `${n} numbers` : p.style === "toggle" ? "true or false" : "a number") +
      `, not ${JSON.stringify(value)}`);
    if (p.style === "toggle") {
      if (typeof value === "boolean") return value;
      if (value === 0 || value === 1) return value === 1;
      throw bad();
    }
    if (n > 1) {
      if (!Array.isArray(value) || value.length !== n || !value.every(Number.isFinite)) throw bad();
      return value.map(Number);
    }
    if (!Number.isFinite(value)) throw bad();
    return p.style === "int" ? Math.round(value) : value;
  }

  // ---- Camera: the network's own, until the user orbits ----
  const cam = scene.camera && { active: false, ...scene.camera.start };
  function camPosition() {
    const cp = Math.cos(cam.pitch);
    return [
      cam.target[0] + cam.distance * cp * Math.sin(cam.yaw),
      cam.target[1] + cam.distance * Math.sin(cam.pitch),
      cam.target[2] + cam.distance * cp * Math.cos(cam.yaw),
    ];
  }
  function resetCamera() {
    if (!cam) return;
    Object.assign(cam, { active: false }, scene.camera.start);
    cam.target = scene.camera.start.target.slice();
    requestDraw();
  }
  function orbit(dx, dy) {
    cam.active = true;
    cam.yaw -= dx * 0.01;
    cam.pitch = Math.min(1.5, Math.max(-1.5, cam.pitch + dy * 0.01));
  }
  function pan(dx, dy) {
    cam.active = true;
    const pos = camPosition();
    const f = norm(cam.target.map((t, i) => t - pos[i]));
    const right = norm([-f[2], 0, f[0]]);
    const up = [right[1] * f[2] - right[2] * f[1], right[2] * f[0] - right[0] * f[2], right[0] * f[1] - right[1] * f[0]];
    const scale = 2 * cam.distance * Math.tan(cam.fov * Math.PI / 360) / Math.max(canvas.clientHeight, 1);
    cam.target = cam.target.map((t, i) => t + (-right[i] * dx + up[i] * dy) * scale);
  }
  function zoom(factor) {
    cam.active = true;
    cam.distance = Math.min(500, Math.max(0.05, cam.distance * factor));
  }
  function norm(v) {
    const l = Math.hypot(...v) || 1;
    return v.map((x) => x / l);
  }

  // Mouse, pen and touch through pointer events: one pointer orbits (pans
  // with shift or the right button), two pinch to zoom and move to pan.
  const pointers = new Map();
  function spread() {
    const [a, b] = [...pointers.values()];
    return { d: Math.hypot(a.x - b.x, a.y - b.y), x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  }
  if (scene.camera) {
    canvas.addEventListener("contextmenu", (e) => e.preventDefault());
    canvas.addEventListener("pointerdown", (e) => {
      canvas.setPointerCapture(e.pointerId);
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY, pan: e.shiftKey || e.button !== 0 });
    });
    canvas.addEventListener("pointermove", (e) => {
      const p = pointers.get(e.pointerId);
      if (!p) return;
      if (pointers.size === 2) {
        const before = spread();
        Object.assign(p, { x: e.clientX, y: e.clientY });
        const after = spread();
        if (after.d > 0 && before.d > 0) zoom(before.d / after.d);
        pan(after.x - before.x, after.y - before.y);
      } else {
        const [dx, dy] = [e.clientX - p.x, e.clientY - p.y];
        Object.assign(p, { x: e.clientX, y: e.clientY });
        if (p.pan || e.shiftKey) pan(dx, dy); else orbit(dx, dy);
      }
      requestDraw();
    });
    const up = (e) => pointers.delete(e.pointerId);
    canvas.addEventListener("pointerup", up);
    canvas.addEventListener("pointercancel", up);
    canvas.addEventListener("wheel", (e) => {
      e.preventDefault();
      zoom(Math.exp(e.deltaY * 0.001));
      requestDraw();
    }, { passive: false });
  }
  $("reset").hidden = !scene.camera;
  $("reset").addEventListener("click", resetCamera);

  // ---- Time ----
  const clock = { playing: !hash.has("paused"), base: Number(hash.get("t")) || 0, since: performance.now() };
  function now() {
    return clock.playing ? clock.base + (performance.now() - clock.since) / 1000 : clock.base;
  }
  function setTime(t) {
    if (!Number.isFinite(t)) throw new TypeError(`setTime takes seconds, not ${JSON.stringify(t)}`);
    clock.base = t;
    clock.since = performance.now();
    showTime(t);
    requestDraw();
  }
  function play(on = true) {
    if (on === clock.playing) return;
    clock.base = now();
    clock.since = performance.now();
    clock.playing = on;
    $("play").textContent = on ? "pause" : "play";
    requestDraw();
  }
  function showTime(t) {
    const scrub = $("scrub");
    if (t > Number(scrub.max)) scrub.max = String(Math.ceil(t / 60) * 60);
    scrub.value = String(t);
    $("clock").textContent = `${t.toFixed(2)} s`;
  }
  $("play").textContent = clock.playing ? "pause" : "play";
  $("play").addEventListener("click", () => play(!clock.playing));
  $("scrub").addEventListener("input", (e) => setTime(Number(e.target.value)));
  window.addEventListener("keydown", (e) => {
    if (e.key === " " && (e.target === document.body || e.target === canvas)) {
      e.preventDefault();
      play(!clock.playing);
    }
  });

  // ---- Size: the canvas follows its box, unless fixed ----
  let fixedSize = null;
  function setSize(w, h) {
    if (w == null) {
      fixedSize = null;
    } else {
      if (!(Number.isInteger(w) && Number.isInteger(h) && w > 0 && h > 0 && w <= 8192 && h <= 8192)) {
        throw new TypeError(`setSize takes two whole numbers of pixels (1 to 8192), not ${w} x ${h}`);
      }
      fixedSize = [w, h];
    }
    $("stage").classList.toggle("fixed", !!fixedSize);
    if (fixedSize) {
      canvas.style.width = `${w}px`;
      canvas.style.height = `${h}px`;
    } else {
      canvas.style.width = canvas.style.height = "";
    }
    requestDraw();
  }
  function fitCanvas() {
    const [w, h] = fixedSize || [
      Math.max(1, Math.round(canvas.clientWidth * devicePixelRatio)),
      Math.max(1, Math.round(canvas.clientHeight * devicePixelRatio)),
    ];
    if (canvas.width !== w || canvas.height !== h) [canvas.width, canvas.height] = [w, h];
  }
  new ResizeObserver(() => requestDraw()).observe($("stage"));
  const askedSize = /^(\d+)x(\d+)$/.exec(hash.get("size") || "");
  if (askedSize) setSize(Number(askedSize[1]), Number(askedSize[2]));

  // ---- Controls: a row per parameter, grouped by node ----
  function el(tag, props = {}, children = []) {
    const e = Object.assign(document.createElement(tag), props);
    e.append(...children);
    return e;
  }
  const hex = (c) => "#" + c.slice(0, 3).map((x) => Math.round(Math.min(1, Math.max(0, x)) * 255).toString(16).padStart(2, "0")).join("");
  const unhex = (h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16) / 255);
  function range(p, lo, hi) {
    const v = components(p);
    let [a, b] = [p.min ?? lo, p.max ?? hi];
    // A value outside the range widens it: the control never clips it.
    for (const x of v) { a = Math.min(a, x); b = Math.max(b, x); }
    return [a, b];
  }
  function number(value, onChange, props = {}) {
    const input = el("input", { type: "number", step: "any", value: String(value), ...props });
    input.addEventListener("change", () => { if (input.value !== "") onChange(Number(input.value)); });
    return input;
  }
  // One widget for a live parameter; returns its element and how to show a new value.
  function widget(p, change) {
    const style = p.style;
    if (style === "toggle") {
      const box = el("input", { type: "checkbox", checked: !!p.value });
      box.addEventListener("change", () => change(box.checked));
      return [el("div", { className: "widget" }, [box]), () => { box.checked = !!p.value; }];
    }
    if (p.components === 1) {
      const [lo, hi] = range(p, style === "int" ? 0 : -10, style === "int" ? 100 : 10);
      const step = style === "int" ? "1" : String((hi - lo) / 1000 || 0.001);
      const slider = el("input", { type: "range", min: String(lo), max: String(hi), step, value: String(p.value) });
      const box = number(p.value, (v) => change(v), { step: style === "int" ? "1" : "any" });
      slider.addEventListener("input", () => change(Number(slider.value)));
      return [el("div", { className: "widget" }, [slider, box]), () => {
        slider.value = String(p.value);
        box.value = String(p.value);
      }];
    }
    const inUnit = p.value.every((x) => x >= 0 && x <= 1);
    if ((style === "rgb" || style === "rgba") && inUnit) {
      const picker = el("input", { type: "color", value: hex(p.value) });
      const parts = [picker];
      let alpha = null;
      if (style === "rgba") {
        alpha = el("input", { type: "range", min: "0", max: "1", step: "0.001", value: String(p.value[3]), title: "alpha" });
        alpha.addEventListener("input", () => change([...p.value.slice(0, 3), Number(alpha.value)]));
        parts.push(alpha);
      }
      picker.addEventListener("input", () => change([...unhex(picker.value), ...p.value.slice(3)]));
      return [el("div", { className: "widget" }, parts), () => {
        picker.value = hex(p.value);
        if (alpha) alpha.value = String(p.value[3]);
      }];
    }
    // Vectors, rotations and colours out of 0..1: a number per component.
    const boxes = p.value.map((x, k) => number(x, (v) => {
      const next = p.value.slice();
      next[k] = v;
      change(next);
    }, { title: (p.suffixes || [])[k] || "", min: p.min ?? "", max: p.max ?? "" }));
    return [el("div", { className: "widget vector" }, boxes), () => {
      boxes.forEach((b, k) => { b.value = String(p.value[k]); });
    }];
  }
  function buildControls() {
    const root = $("controls");
    const groups = new Map(scene.nodes.map((n) => [n.path, el("details", { open: true }, [
      el("summary", {}, [`${n.path} `, el("small", { textContent: n.rop })]),
    ])]));
    for (const p of live) {
      const [w, show] = widget(p, (v) => set(`${p.node}.${p.param}`, v));
      p.show = show;
      const help = p.driven ? `${p.help}\n(driven by the field ${p.driven})` : p.help;
      groups.get(p.node)?.append(el("div", { className: "row" }, [el("label", { textContent: p.label, title: help }), w]));
    }
    for (const p of fixed.values()) {
      const shown = p.options && p.options.length
        ? el("select", { disabled: true }, p.options.map((o) => el("option", { textContent: o, selected: o === p.value })))
        : el("output", { textContent: Array.isArray(p.value) ? p.value.join(", ") : String(p.value) });
      const title = `${p.help}\n(compiled into the shader: change it in ropkit and export again)`;
      groups.get(p.node)?.append(el("div", { className: "row fixed" }, [el("label", { textContent: p.label, title }), el("div", { className: "widget" }, [shown])]));
    }
    for (const g of groups.values()) if (g.children.length > 1) root.append(g);
  }

  // ---- The API's parameter calls ----
  function params() {
    const out = live.map((p) => ({
      name: `${p.node}.${p.param}`, node: p.node, param: p.param, label: p.label, help: p.help,
      style: p.style, value: clone(p.value), default: clone(p.default), min: p.min, max: p.max, live: true,
    }));
    for (const [name, p] of fixed) {
      out.push({ name, node: p.node, param: p.param, label: p.label, help: p.help, style: p.style,
        value: clone(p.value), default: clone(p.default), options: p.options, live: false });
    }
    return out;
  }
  function set(name, value) {
    const p = byName.get(name);
    if (!p) {
      if (fixed.has(name)) throw new Error(`${name} is compiled into the shader: change it in ropkit and export again`);
      const names = [...byName.keys()];
      const some = names.slice(0, 12).join(", ") + (names.length > 12 ? ", ..." : "");
      throw new Error(`no parameter ${name}: the page has ${some || "none"} (params() lists them)`);
    }
    p.value = coerce(p, value);
    pack(p);
    if (p.show) p.show();
    uploadParams = true;
    requestDraw();
  }

  // ---- Drawing ----
  function draw() {
    if (!glState) return;
    fitCanvas();
    const t = now();
    const delta = lastDraw == null || !clock.playing ? 1 / 60 : Math.max(t - lastDraw, 0);
    lastDraw = t;
    showTime(t);
    const camera = cam && cam.active
      ? { position: camPosition(), target: cam.target, fov: cam.fov }
      : null;
    const g = rkGlobals(t, frameCount, delta, canvas.width, canvas.height, camera);
    const { prog, globals, paramsBuf, textures } = glState;
    gl.viewport(0, 0, canvas.width, canvas.height);
    gl.useProgram(prog);
    if (globals) {
      gl.bindBuffer(gl.UNIFORM_BUFFER, globals);
      gl.bufferSubData(gl.UNIFORM_BUFFER, 0, g);
    }
    if (paramsBuf && uploadParams) {
      gl.bindBuffer(gl.UNIFORM_BUFFER, paramsBuf);
      gl.bufferSubData(gl.UNIFORM_BUFFER, 0, paramData);
      uploadParams = false;
    }
    textures.forEach(({ unit, texture }) => {
      gl.activeTexture(gl.TEXTURE0 + unit);
      gl.bindTexture(gl.TEXTURE_2D, texture);
    });
    gl.drawArrays(gl.TRIANGLES, 0, 3);
    frameCount += 1;
  }
  function requestDraw() {
    if (pending || !glState) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      draw();
      if (clock.playing) requestDraw();
    });
  }
  function pixels() {
    if (!glState) throw new Error("the scene is not ready");
    draw();
    const { width, height } = canvas;
    const rgba = new Uint8Array(width * height * 4);
    gl.readPixels(0, 0, width, height, gl.RGBA, gl.UNSIGNED_BYTE, rgba);
    // WebGL's rows start at the bottom; a picture's at the top.
    let text = "";
    const row = width * 4;
    for (let y = height - 1; y >= 0; y--) {
      text += String.fromCharCode.apply(null, rgba.subarray(y * row, (y + 1) * row));
    }
    return { width, height, rgba: btoa(text) };
  }

  // ---- Textures, embedded as data: URLs ----
  async function loadTextures(prog) {
    gl.useProgram(prog);
    const out = [];
    for (const [unit, t] of scene.textures.entries()) {
      const texture = gl.createTexture();
      gl.bindTexture(gl.TEXTURE_2D, texture);
      // As ropkit samples: sRGB texels, linear filtering, repeating, no mipmaps.
      gl.pixelStorei(gl.UNPACK_COLORSPACE_CONVERSION_WEBGL, gl.NONE);
      gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, false);
      if (t.data) {
        // The data parameters' texels: 32-bit floats, read with texelFetch.
        // Float textures filter only with an extension: sample the nearest.
        const raw = atob(t.data);
        const bytes = new Uint8Array(raw.length);
        for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
        gl.pixelStorei(gl.UNPACK_ALIGNMENT, 4);
        gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA32F, t.width, t.height, 0, gl.RGBA, gl.FLOAT,
          new Float32Array(bytes.buffer));
        gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
        gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
        gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
        gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
        const loc = gl.getUniformLocation(prog, t.uniform);
        if (loc) gl.uniform1i(loc, unit);
        out.push({ unit, texture });
        continue;
      }
      if (t.src) {
        const img = new Image();
        img.src = t.src;
        try {
          await img.decode();
        } catch (e) {
          throw new Error(`The texture ${t.path} (node ${t.node}) cannot be decoded by this browser`);
        }
        gl.texImage2D(gl.TEXTURE_2D, 0, gl.SRGB8_ALPHA8, gl.RGBA, gl.UNSIGNED_BYTE, img);
      } else {
        gl.texImage2D(gl.TEXTURE_2D, 0, gl.SRGB8_ALPHA8, 1, 1, 0, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array([255, 255, 255, 255]));
      }
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR);
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.REPEAT);
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.REPEAT);
      const loc = gl.getUniformLocation(prog, t.uniform);
      if (loc) gl.uniform1i(loc, unit);
      out.push({ unit, texture });
    }
    return out;
  }

  async function start() {
    const t0 = performance.now();
    if (!gl) {
      throw new Error("This page draws with WebGL2, which this browser does not offer " +
        "(or has turned off). A current Chrome, Firefox, Safari or Edge has it.");
    }
    const blockBytes = scene.vec4s * 16;
    const most = gl.getParameter(gl.MAX_UNIFORM_BLOCK_SIZE);
    if (blockBytes > most) {
      throw new Error(`The scene has ${scene.vec4s} parameter slots (${blockBytes} bytes); ` +
        `this browser's uniform blocks hold ${most} bytes.`);
    }
    const { prog, ms: compileMs } = compile();
    const globals = block(prog, scene.blocks.globals, 0, RK_GLOBAL_FLOATS * 4);
    const paramsBuf = block(prog, scene.blocks.params, 1, paramData.byteLength);
    const textures = await loadTextures(prog);
    live.forEach(pack);
    glState = { prog, globals, paramsBuf, textures };
    draw();
    // A one-pixel read waits for the frame to be finished.
    gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
    const err = gl.getError();
    if (err !== gl.NO_ERROR) throw new Error(`WebGL error 0x${err.toString(16)} while drawing the first frame`);
    const info = { compileMs, firstFrameMs: performance.now() - t0, sincePageStart: performance.now(), width: canvas.width, height: canvas.height };
    document.body.dataset.state = "ready";
    document.body.dataset.firstFrameMs = info.firstFrameMs.toFixed(1);
    settle.resolve(info);
    if (clock.playing) requestDraw();
  }

  canvas.addEventListener("webglcontextlost", (e) => {
    e.preventDefault();
    glState = null;
    fail("The browser took WebGL away from this page (context lost): reload the page.");
  });
  $("save").addEventListener("click", () => {
    if (!glState) return;
    draw();
    canvas.toBlob((blob) => {
      const a = el("a", { href: URL.createObjectURL(blob), download: `${scene.title}.png` });
      a.click();
      setTimeout(() => URL.revokeObjectURL(a.href), 1000);
    }, "image/png");
  });

  window.ropkit = {
    ready, params, set, setTime, setSize, pixels,
    play: () => play(true), pause: () => play(false),
    get time() { return now(); },
  };
  buildControls();
  showTime(clock.base);
  start().catch((e) => fail(e.message || String(e)));
})();
