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
//   frames           how many frames the page has drawn (it draws only when
//                    something changes, or every frame while time plays)
//   link()           the address of this view (camera, time, changed
//                    parameters in the fragment)
//   network()        the embedded network: { name, text, files, left }
// The address's fragment holds the view, and a link reopens it:
//   size=WxH         a fixed canvas size in pixels
//   scale=S          share of the screen's pixels drawn (0.25 to 1)
//   t=SECONDS        the time; paused: the clock stopped there
//   cam=YAW,PITCH,DISTANCE,X,Y,Z   the orbit camera (radians, target)
//   /node.Param=V    a parameter's value (vectors as V,V,V)
// e.g. page.html#size=96x96&t=0&paused&/scene/sphere1.Radius=1.4
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

  // ---- Numbers as people write them: a parameter is a 32-bit float, so
  // the shortest decimal that reads back as the same float (0.85, not
  // 0.8500000238418579) ----
  function fmt(x) {
    if (typeof x !== "number" || !Number.isFinite(x) || Number.isInteger(x)) return String(x);
    const f = Math.fround(x);
    for (let p = 1; p < 10; p++) {
      const s = Number(x.toPrecision(p));
      if (Math.fround(s) === f) return String(s);
    }
    return String(x);
  }
  const tidy = (v) => Array.isArray(v) ? v.map(tidy) : typeof v === "number" ? Number(fmt(v)) : v;

  // ---- Failure: a readable message instead of a blank canvas ----
  function fail(message) {
    const box = $("message");
    box.textContent = message;
    box.hidden = false;
    $("loading").hidden = true;
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

  // ---- Loading: what the page is doing until the first frame ----
  const loadingStarted = performance.now();
  let loadingWhat = "loading";
  function loading(what) {
    loadingWhat = what;
    showLoading();
  }
  function showLoading() {
    const s = ((performance.now() - loadingStarted) / 1000).toFixed(0);
    $("loading-text").textContent = `${loadingWhat}… ${s} s`;
  }
  const loadingTimer = setInterval(showLoading, 250);
  const thumbnail = document.querySelector('meta[property="og:image"]');
  if (thumbnail) $("loading").style.backgroundImage = `url("${thumbnail.content}")`;

  // ---- WebGL2 ----
  const gl = canvas.getContext("webgl2", {
    preserveDrawingBuffer: true, antialias: false, premultipliedAlpha: false,
  });
  const VERTEX = "#version 300 es\nvoid main() {\n  vec2 p = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));\n  gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0);\n}\n";
  const nextFrame = () => new Promise((f) => requestAnimationFrame(() => f()));
  const later = (ms) => new Promise((f) => setTimeout(f, ms));

  // Compiles and links without blocking the tab where the browser offers
  // KHR_parallel_shader_compile: the driver works in the background while
  // the page polls COMPLETION_STATUS_KHR. Elsewhere the compile happens in
  // one go when the status is first asked for (after the loading message
  // has been painted).
  async function compile() {
    const t0 = performance.now();
    const parallel = gl.getExtension("KHR_parallel_shader_compile");
    loading(parallel ? "compiling the shader" : "compiling the shader (the page may not respond meanwhile)");
    await nextFrame();
    const stage = (type, source) => {
      const s = gl.createShader(type);
      gl.shaderSource(s, source);
      gl.compileShader(s);
      return s;
    };
    const vs = stage(gl.VERTEX_SHADER, VERTEX);
    const fs = stage(gl.FRAGMENT_SHADER, scene.shader);
    const prog = gl.createProgram();
    gl.attachShader(prog, vs);
    gl.attachShader(prog, fs);
    gl.linkProgram(prog);
    if (parallel) {
      while (!gl.getProgramParameter(prog, parallel.COMPLETION_STATUS_KHR)) {
        if (gl.isContextLost()) throw new Error("The browser took WebGL away while compiling.");
        await later(30);
      }
    }
    if (!gl.getProgramParameter(prog, gl.LINK_STATUS)) {
      for (const [s, what] of [[vs, "vertex"], [fs, "scene's fragment"]]) {
        if (!gl.getShaderParameter(s, gl.COMPILE_STATUS)) {
          throw new Error(`The ${what} shader does not compile in this browser:\n` +
            locate(gl.getShaderInfoLog(s) || "(no log)"));
        }
      }
      throw new Error("The scene's shader does not link in this browser:\n" +
        locate(gl.getProgramInfoLog(prog) || "(no log)"));
    }
    return { prog, ms: performance.now() - t0, parallel: !!parallel };
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
  const live = scene.params.map((p) => ({ ...p, value: tidy(p.value), default: tidy(p.default), start: tidy(p.value) }));
  const byName = new Map(live.map((p) => [`${p.node}.${p.param}`, p]));
  const fixed = new Map(scene.fixed.map((p) => [`${p.node}.${p.param}`, { ...p, value: tidy(p.value), default: tidy(p.default) }]));
  const paramData = new Float32Array(Math.max(scene.vec4s, 1) * 4);

  function clone(v) { return Array.isArray(v) ? v.slice() : v; }
  const same = (a, b) => Array.isArray(a) ? a.length === b.length && a.every((x, k) => Math.fround(x) === Math.fround(b[k])) : typeof a === "number" ? Math.fround(a) === Math.fround(b) : a === b;

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
  const cam = scene.camera && { active: false, ...scene.camera.start, target: scene.camera.start.target.slice() };
  function camPosition() {
    const cp = Math.cos(cam.pitch);
    return [
      cam.target[0] + cam.distance * cp * Math.sin(cam.yaw),
      cam.target[1] + cam.distance * Math.sin(cam.pitch),
      cam.target[2] + cam.distance * cp * Math.cos(cam.yaw),
    ];
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

  // ---- The 2D view: the output's centre and view height, as parameters ----
  const view2d = scene.view2d && byName.get(scene.view2d.center) && byName.get(scene.view2d.zoom)
    ? { center: byName.get(scene.view2d.center), zoom: byName.get(scene.view2d.zoom) } : null;
  // World units per CSS pixel: the view height over the canvas's height.
  const unit2d = () => view2d.zoom.value / Math.max(canvas.clientHeight, 1);
  function pan2d(dx, dy) {
    const u = unit2d();
    const [x, y] = view2d.center.value;
    setParam(view2d.center, [x - dx * u, y + dy * u]);
  }
  // Zooms by `factor` about the point at (px, py) CSS pixels of the canvas,
  // which stays where it is.
  function zoom2d(factor, px, py) {
    const p = view2d.zoom;
    const next = Math.min(p.max ?? 1e6, Math.max(p.min ?? 1e-6, p.value * factor));
    const [ox, oy] = [px - canvas.clientWidth / 2, canvas.clientHeight / 2 - py];
    const k = (p.value - next) / Math.max(canvas.clientHeight, 1);
    const [x, y] = view2d.center.value;
    setParam(p, next);
    setParam(view2d.center, [x + ox * k, y + oy * k]);
  }
  function resetView() {
    if (cam) {
      Object.assign(cam, { active: false }, scene.camera.start);
      cam.target = scene.camera.start.target.slice();
    }
    if (view2d) {
      setParam(view2d.center, view2d.center.start.slice());
      setParam(view2d.zoom, view2d.zoom.start);
    }
    changed();
  }

  // Mouse, pen and touch through pointer events: one pointer orbits (pans
  // with shift or the right button; pans in 2D), two pinch to zoom and
  // move to pan. While a pointer is down the picture is drawn at half the
  // resolution, as the viewer does, and sharp again on release.
  const pointers = new Map();
  let dragging = false;
  function spread() {
    const [a, b] = [...pointers.values()];
    return { d: Math.hypot(a.x - b.x, a.y - b.y), x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  }
  const navigable = !!(cam || view2d);
  if (navigable) {
    canvas.addEventListener("contextmenu", (e) => e.preventDefault());
    canvas.addEventListener("pointerdown", (e) => {
      canvas.setPointerCapture(e.pointerId);
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY, pan: e.shiftKey || e.button !== 0 });
    });
    canvas.addEventListener("pointermove", (e) => {
      const p = pointers.get(e.pointerId);
      if (!p) return;
      dragging = true;
      const box = canvas.getBoundingClientRect();
      if (pointers.size === 2) {
        const before = spread();
        Object.assign(p, { x: e.clientX, y: e.clientY });
        const after = spread();
        if (view2d) {
          pan2d(after.x - before.x, after.y - before.y);
          if (after.d > 0 && before.d > 0) zoom2d(before.d / after.d, after.x - box.left, after.y - box.top);
        } else {
          if (after.d > 0 && before.d > 0) zoom(before.d / after.d);
          pan(after.x - before.x, after.y - before.y);
        }
      } else {
        const [dx, dy] = [e.clientX - p.x, e.clientY - p.y];
        Object.assign(p, { x: e.clientX, y: e.clientY });
        if (view2d) pan2d(dx, dy);
        else if (p.pan || e.shiftKey) pan(dx, dy);
        else orbit(dx, dy);
      }
      changed();
    });
    const up = (e) => {
      pointers.delete(e.pointerId);
      if (!pointers.size && dragging) {
        dragging = false;
        requestDraw();
      }
    };
    canvas.addEventListener("pointerup", up);
    canvas.addEventListener("pointercancel", up);
    canvas.addEventListener("wheel", (e) => {
      e.preventDefault();
      const f = Math.exp(e.deltaY * 0.001);
      if (view2d) {
        const box = canvas.getBoundingClientRect();
        zoom2d(f, e.clientX - box.left, e.clientY - box.top);
      } else {
        zoom(f);
      }
      changed();
    }, { passive: false });
  }
  $("reset").hidden = !navigable;
  $("reset").addEventListener("click", resetView);
  $("hint").textContent = cam ? "drag to orbit · shift- or right-drag to pan · wheel to zoom"
    : view2d ? "drag to pan · wheel to zoom" : "";
  $("hint").hidden = !navigable;
  canvas.setAttribute("aria-label", `${scene.title}${navigable ? `: ${$("hint").textContent}` : ""}`);

  // ---- Time: a scene that reads it plays; a still one is drawn on demand ----
  const clock = {
    playing: !!scene.animated && !hash.has("paused"),
    base: Number(hash.get("t")) || 0,
    since: performance.now(),
  };
  function now() {
    return clock.playing ? clock.base + (performance.now() - clock.since) / 1000 : clock.base;
  }
  function setTime(t) {
    if (!Number.isFinite(t)) throw new TypeError(`setTime takes seconds, not ${JSON.stringify(t)}`);
    clock.base = t;
    clock.since = performance.now();
    showTime(t);
    changed();
  }
  function play(on = true) {
    if (on === clock.playing) return;
    clock.base = now();
    clock.since = performance.now();
    clock.playing = on;
    $("play").textContent = on ? "pause" : "play";
    changed();
  }
  function showTime(t) {
    const scrub = $("scrub");
    if (t > Number(scrub.max)) scrub.max = String(Math.ceil(t / 60) * 60);
    scrub.value = String(t);
    $("clock").textContent = `${t.toFixed(2)} s`;
  }
  $("transport").hidden = !scene.animated;
  $("still").hidden = !!scene.animated;
  $("play").textContent = clock.playing ? "pause" : "play";
  $("play").addEventListener("click", () => play(!clock.playing));
  $("scrub").addEventListener("input", (e) => setTime(Number(e.target.value)));
  window.addEventListener("keydown", (e) => {
    if (e.target !== document.body && e.target !== canvas) return;
    if (e.key === " " && scene.animated) {
      e.preventDefault();
      play(!clock.playing);
    } else if (e.key === "f") {
      fullscreen();
    }
  });

  // ---- Size: the canvas follows its box at the chosen resolution, unless fixed ----
  let fixedSize = null;
  let scale = 1;
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
  function setScale(s) {
    if (!(Number.isFinite(s) && s >= 0.1 && s <= 1)) throw new TypeError(`the resolution scale is 0.1 to 1, not ${s}`);
    scale = s;
    const select = $("scale");
    if (![...select.options].some((o) => Number(o.value) === s)) select.append(el("option", { value: String(s), textContent: `${Math.round(s * 100)}%` }));
    select.value = String(s);
    changed();
  }
  function fitCanvas() {
    const k = scale * (dragging ? 0.5 : 1) * devicePixelRatio;
    const [w, h] = fixedSize || [
      Math.max(1, Math.round(canvas.clientWidth * k)),
      Math.max(1, Math.round(canvas.clientHeight * k)),
    ];
    if (canvas.width !== w || canvas.height !== h) [canvas.width, canvas.height] = [w, h];
  }
  new ResizeObserver(() => requestDraw()).observe($("stage"));
  $("scale").addEventListener("change", (e) => setScale(Number(e.target.value)));

  function fullscreen() {
    if (document.fullscreenElement) document.exitFullscreen();
    else $("stage").requestFullscreen?.();
  }
  $("fullscreen").hidden = !document.fullscreenEnabled;
  $("fullscreen").addEventListener("click", fullscreen);

  // ---- Controls: a row per parameter, grouped by node ----
  function el(tag, props = {}, children = []) {
    const e = Object.assign(document.createElement(tag), props);
    e.append(...children);
    return e;
  }
  const hex = (c) => "#" + c.slice(0, 3).map((x) => Math.round(Math.min(1, Math.max(0, x)) * 255).toString(16).padStart(2, "0")).join("");
  const unhex = (h) => [1, 3, 5].map((i) => tidy(parseInt(h.slice(i, i + 2), 16) / 255));
  function range(p, lo, hi) {
    const v = components(p);
    let [a, b] = [p.min ?? lo, p.max ?? hi];
    // A value outside the range widens it: the control never clips it.
    for (const x of v) { a = Math.min(a, x); b = Math.max(b, x); }
    return [a, b];
  }
  function number(value, onChange, props = {}) {
    const input = el("input", { type: "number", step: "any", value: fmt(value), ...props });
    input.addEventListener("change", () => { if (input.value !== "" && Number.isFinite(Number(input.value))) onChange(Number(input.value)); });
    return input;
  }
  // A slider and a number box for one number; returns the element and how to show a value.
  function scalar(value, lo, hi, int, onChange, title = "") {
    // Steps of a round size, so that values from the slider read well.
    const step = int ? 1 : Math.pow(10, Math.floor(Math.log10((hi - lo) / 1000 || 0.001)));
    const slider = el("input", { type: "range", min: String(lo), max: String(hi), step: String(step), value: String(value), title });
    const box = number(value, onChange, { step: int ? "1" : "any", title });
    slider.addEventListener("input", () => onChange(tidy(Number(slider.value))));
    return [[slider, box], (v) => {
      if (v < Number(slider.min)) slider.min = String(v);
      if (v > Number(slider.max)) slider.max = String(v);
      slider.value = String(v);
      box.value = fmt(v);
    }];
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
      const int = style === "int";
      const [lo, hi] = range(p, int ? 0 : -10, int ? 100 : 10);
      const [parts, show] = scalar(p.value, lo, hi, int, change);
      return [el("div", { className: "widget" }, parts), () => show(p.value)];
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
    // Vectors, rotations and colours out of 0..1: a slider and a box per component.
    const [lo, hi] = style === "rotation" ? range(p, -180, 180) : range(p, -10, 10);
    const names = p.suffixes && p.suffixes.length === p.value.length ? p.suffixes : ["x", "y", "z", "w"];
    const shows = [];
    const lines = p.value.map((x, k) => {
      const [parts, show] = scalar(x, lo, hi, false, (v) => {
        const next = p.value.slice();
        next[k] = v;
        change(next);
      }, names[k]);
      shows.push(show);
      return el("div", { className: "component" }, [el("span", { className: "axis", textContent: names[k] }), ...parts]);
    });
    return [el("div", { className: "widget vector" }, lines), () => {
      shows.forEach((show, k) => show(p.value[k]));
    }];
  }
  function resetButton(p) {
    const b = el("button", { type: "button", className: "undo", textContent: "↺", title: "Back to the value the page opened with" });
    b.addEventListener("click", () => setParam(p, clone(p.start)));
    return b;
  }
  function buildControls() {
    const root = $("controls");
    const groups = new Map(scene.nodes.map((n) => [n.path, el("details", { open: true }, [
      el("summary", {}, [`${n.path} `, el("small", { textContent: n.rop })]),
    ])]));
    for (const p of live) {
      const [w, show] = widget(p, (v) => setParam(p, v));
      const undo = resetButton(p);
      p.show = () => {
        show();
        undo.disabled = same(p.value, p.start);
      };
      undo.disabled = true;
      const help = p.driven ? `${p.help}\n(driven by the field ${p.driven})` : p.help;
      groups.get(p.node)?.append(el("div", { className: "row" }, [el("label", { textContent: p.label, title: help }), w, undo]));
    }
    for (const p of fixed.values()) {
      const text = Array.isArray(p.value) ? p.value.map(fmt).join(", ") : fmt(p.value);
      const shown = p.options && p.options.length
        ? el("select", { disabled: true }, p.options.map((o) => el("option", { textContent: o, selected: o === p.value })))
        : el("output", { textContent: text, title: text });
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
  function lookup(name) {
    const p = byName.get(name);
    if (!p) {
      if (fixed.has(name)) throw new Error(`${name} is compiled into the shader: change it in ropkit and export again`);
      const names = [...byName.keys()];
      const some = names.slice(0, 12).join(", ") + (names.length > 12 ? ", ..." : "");
      throw new Error(`no parameter ${name}: the page has ${some || "none"} (params() lists them)`);
    }
    return p;
  }
  function setParam(p, value) {
    // Kept as the shortest decimal of its 32-bit float: what the address
    // writes reads back as exactly this value.
    p.value = tidy(coerce(p, value));
    pack(p);
    if (p.show) p.show();
    uploadParams = true;
    changed();
  }
  function set(name, value) {
    setParam(lookup(name), value);
  }

  // ---- The address: the view in the fragment, so that a link reopens it ----
  const enc = (s) => encodeURIComponent(s).replace(/%2F/g, "/").replace(/%2C/g, ",").replace(/%3A/gi, ":");
  function fragment(withTime) {
    const parts = [];
    if (fixedSize) parts.push(`size=${fixedSize[0]}x${fixedSize[1]}`);
    if (scale !== 1) parts.push(`scale=${fmt(scale)}`);
    if (scene.animated) {
      if (!clock.playing || withTime) parts.push(`t=${now().toFixed(3).replace(/\.?0+$/, "")}`);
      if (!clock.playing) parts.push("paused");
    }
    if (cam && cam.active) {
      // Every digit: the link reopens the camera exactly.
      const c = [cam.yaw, cam.pitch, cam.distance, ...cam.target].map(String);
      parts.push(`cam=${c.join(",")}`);
    }
    for (const p of live) {
      if (same(p.value, p.start)) continue;
      const v = Array.isArray(p.value) ? p.value.map(fmt).join(",") : typeof p.value === "boolean" ? String(p.value) : fmt(p.value);
      parts.push(`${enc(`${p.node}.${p.param}`)}=${enc(v)}`);
    }
    return parts.join("&");
  }
  function link() {
    return `${location.href.split("#")[0]}#${fragment(true)}`;
  }
  let addressTimer = null;
  let writtenHash = null;
  function writeAddress() {
    addressTimer = null;
    const f = fragment(false);
    const want = f ? `#${f}` : "";
    if (want === location.hash || (!want && !location.hash)) return;
    writtenHash = want;
    try {
      history.replaceState(null, "", want || location.pathname + location.search);
    } catch (e) {
      location.replace(want || "#");
    }
  }
  // Every change of the view: draw it, and put it in the address soon.
  function changed() {
    requestDraw();
    if (addressTimer == null && applied) addressTimer = setTimeout(writeAddress, 150);
  }
  // Reads the fragment's view; a wrong entry is left out with a warning,
  // never the page.
  let applied = false;
  function applyFragment(text) {
    const h = new URLSearchParams(text);
    for (const [key, raw] of h) {
      try {
        if (key === "size") {
          const m = /^(\d+)x(\d+)$/.exec(raw);
          if (m) setSize(Number(m[1]), Number(m[2]));
        } else if (key === "scale") {
          setScale(Number(raw));
        } else if (key === "t") {
          setTime(Number(raw));
        } else if (key === "paused") {
          play(false);
        } else if (key === "cam") {
          const v = raw.split(",").map(Number);
          if (!cam || v.length !== 6 || !v.every(Number.isFinite)) throw new Error(`cam takes yaw,pitch,distance,x,y,z`);
          Object.assign(cam, { active: true, yaw: v[0], pitch: v[1], distance: v[2], target: v.slice(3) });
          changed();
        } else if (key.startsWith("/")) {
          const p = lookup(key);
          const v = p.style === "toggle" ? raw === "true" || raw === "1"
            : p.components > 1 ? raw.split(",").map(Number) : Number(raw);
          setParam(p, v);
        }
      } catch (e) {
        console.warn(`ropkit: the address's ${key}=${raw} is left out: ${e.message}`);
      }
    }
  }
  window.addEventListener("hashchange", () => {
    if (location.hash === writtenHash) return;
    // An address edited by hand: the view it names, from the page's own.
    for (const p of live) if (!same(p.value, p.start)) setParam(p, clone(p.start));
    if (cam) Object.assign(cam, { active: false }, scene.camera.start, { target: scene.camera.start.target.slice() });
    applyFragment(location.hash.slice(1));
    changed();
  });
  $("link").addEventListener("click", async () => {
    const text = link();
    try {
      await navigator.clipboard.writeText(text);
      $("link").textContent = "link copied";
    } catch (e) {
      prompt("The link to this view:", text);
    }
    setTimeout(() => { $("link").textContent = "copy link"; }, 1500);
  });

  // ---- Drawing: only when something changed, or every frame while time plays ----
  let timing = null;
  let lastFrameMs = null;
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
    const started = performance.now();
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
    textures.forEach(({ unit, texture, target }) => {
      gl.activeTexture(gl.TEXTURE0 + unit);
      gl.bindTexture(target, texture);
    });
    gl.drawArrays(gl.TRIANGLES, 0, 3);
    frameCount += 1;
    // The frame's time, from a fence the GPU passes when it is done,
    // polled without waiting on it.
    if (!timing) {
      timing = { sync: gl.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0), started, size: `${canvas.width}×${canvas.height}` };
      gl.flush();
      pollTiming();
    }
  }
  function pollTiming() {
    if (!timing || !glState) return;
    if (gl.getSyncParameter(timing.sync, gl.SYNC_STATUS) === gl.SIGNALED) {
      lastFrameMs = performance.now() - timing.started;
      $("stats").textContent = `${lastFrameMs.toFixed(1)} ms · ${timing.size}`;
      gl.deleteSync(timing.sync);
      timing = null;
    } else {
      setTimeout(pollTiming, 4);
    }
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

  // ---- Textures, embedded as data: URLs and base64 texels ----
  function bytesOf(base64) {
    const raw = atob(base64);
    const bytes = new Uint8Array(raw.length);
    for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
    return bytes;
  }
  function filtering(target, filter, wrap) {
    gl.texParameteri(target, gl.TEXTURE_MIN_FILTER, filter);
    gl.texParameteri(target, gl.TEXTURE_MAG_FILTER, filter);
    gl.texParameteri(target, gl.TEXTURE_WRAP_S, wrap);
    gl.texParameteri(target, gl.TEXTURE_WRAP_T, wrap);
    if (target === gl.TEXTURE_3D) gl.texParameteri(target, gl.TEXTURE_WRAP_R, wrap);
  }
  async function loadTextures(prog) {
    gl.useProgram(prog);
    const out = [];
    for (const [unit, t] of scene.textures.entries()) {
      loading(`decoding ${t.path || "the data"}`);
      const loc = gl.getUniformLocation(prog, t.uniform);
      if (loc) gl.uniform1i(loc, unit);
      if (t.shared != null) {
        // The same file as an earlier binding: its texture, on this unit too.
        const { texture, target } = out[t.shared];
        out.push({ unit, texture, target });
        continue;
      }
      const texture = gl.createTexture();
      const target = t.volume ? gl.TEXTURE_3D : gl.TEXTURE_2D;
      gl.bindTexture(target, texture);
      // As ropkit samples: sRGB texels, linear filtering, repeating, no mipmaps.
      gl.pixelStorei(gl.UNPACK_COLORSPACE_CONVERSION_WEBGL, gl.NONE);
      gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, false);
      gl.pixelStorei(gl.UNPACK_ALIGNMENT, 1);
      if (t.data) {
        // The data parameters' texels: 32-bit floats, read with texelFetch.
        // Float textures filter only with an extension: sample the nearest.
        gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA32F, t.width, t.height, 0, gl.RGBA, gl.FLOAT,
          new Float32Array(bytesOf(t.data).buffer));
        filtering(target, gl.NEAREST, gl.CLAMP_TO_EDGE);
      } else if (t.hdr) {
        // A high dynamic range map: 16-bit floats (RGBA), linear light,
        // with its mip levels (rough surfaces read the blurred ones);
        // WebGL2 filters half floats without an extension.
        const halves = new Uint16Array(bytesOf(t.hdr).buffer);
        let at = 0;
        t.levels.forEach(([w, h], level) => {
          gl.texImage2D(gl.TEXTURE_2D, level, gl.RGBA16F, w, h, 0, gl.RGBA, gl.HALF_FLOAT, halves.subarray(at, at + w * h * 4));
          at += w * h * 4;
        });
        gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAX_LEVEL, t.levels.length - 1);
        filtering(target, gl.LINEAR, gl.REPEAT);
        gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR_MIPMAP_LINEAR);
      } else if (t.volume) {
        // A volume: four channels a voxel, bytes (read as 0..1) or 16-bit
        // floats, filtered across voxels; repeating across x and y and
        // clamped in z, as ropkit's sampler does.
        const bytes = bytesOf(t.volume);
        if (t.bytes) {
          gl.texImage3D(gl.TEXTURE_3D, 0, gl.RGBA8, t.width, t.height, t.depth, 0, gl.RGBA, gl.UNSIGNED_BYTE, bytes);
        } else {
          gl.texImage3D(gl.TEXTURE_3D, 0, gl.RGBA16F, t.width, t.height, t.depth, 0, gl.RGBA, gl.HALF_FLOAT, new Uint16Array(bytes.buffer));
        }
        filtering(target, gl.LINEAR, gl.REPEAT);
        gl.texParameteri(target, gl.TEXTURE_WRAP_R, gl.CLAMP_TO_EDGE);
      } else {
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
        filtering(target, gl.LINEAR, gl.REPEAT);
      }
      out.push({ unit, texture, target });
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
    const { prog, ms: compileMs, parallel } = await compile();
    const globals = block(prog, scene.blocks.globals, 0, RK_GLOBAL_FLOATS * 4);
    const paramsBuf = block(prog, scene.blocks.params, 1, paramData.byteLength);
    const textures = await loadTextures(prog);
    live.forEach(pack);
    loading("drawing the first frame");
    await nextFrame();
    glState = { prog, globals, paramsBuf, textures };
    draw();
    // A one-pixel read waits for the frame to be finished.
    gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
    const err = gl.getError();
    if (err !== gl.NO_ERROR) throw new Error(`WebGL error 0x${err.toString(16)} while drawing the first frame`);
    const info = { compileMs, parallelCompile: parallel, firstFrameMs: performance.now() - t0, sincePageStart: performance.now(), width: canvas.width, height: canvas.height };
    clearInterval(loadingTimer);
    $("loading").hidden = true;
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
  function download(name, blob) {
    const a = el("a", { href: URL.createObjectURL(blob), download: name });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  }
  $("save").addEventListener("click", () => {
    if (!glState) return;
    draw();
    canvas.toBlob((blob) => download(`${scene.title}.png`, blob), "image/png");
  });

  // ---- The network, embedded: the YAML, and the files it reads beside it ----
  function network() {
    const n = scene.network;
    return n && { name: n.name, text: n.text, files: n.files.map((f) => ({ ...f })), left: n.left.slice(), limit: n.limit };
  }
  $("network").hidden = !scene.network;
  if (scene.network) {
    const n = scene.network;
    const what = n.files.length ? ` and ${n.files.map((f) => f.name).join(", ")} (save them in one folder)` : "";
    const left = n.left.length ? `\nNot embedded: ${n.left.map((l) => `${l.path} (${l.why})`).join("; ")}` : "";
    $("network").title = `Download ${n.name}${what}, to open with \`ropkit view ${n.name}\`${left}`;
    $("network").addEventListener("click", async () => {
      download(n.name, new Blob([n.text], { type: "application/x-yaml" }));
      for (const f of n.files) {
        await later(200);
        download(f.name, new Blob([bytesOf(f.data)]));
      }
    });
  }

  window.ropkit = {
    ready, params, set, setTime, setSize, setScale, pixels, link, network,
    play: () => play(true), pause: () => play(false),
    get time() { return now(); },
    get frames() { return frameCount; },
    get playing() { return clock.playing; },
    get animated() { return !!scene.animated; },
    get frameMs() { return lastFrameMs; },
  };
  buildControls();
  showTime(clock.base);
  applyFragment(location.hash.slice(1));
  applied = true;
  start().catch((e) => fail(e.message || String(e)));
})();
