"""Rendering and sampling from Python: buffers, time, sampling, exports, PNGs, the GIL."""

import json
import math
import pathlib
import shutil
import subprocess
import threading
import time

import numpy as np
import pytest

import ropkit
from conftest import PRESETS, ROOT, sphere_network


def test_sampling_a_unit_sphere_gives_exact_distances(gpu, library):
    net = sphere_network(library, radius=1.0)
    points = np.array([[2, 0, 0], [0, 0, 0], [0, 3, 4], [0.3, -0.2, 0.1]], dtype=np.float64)
    dist, mat = net.sample(points)
    assert dist.dtype == np.float32 and mat.dtype == np.int32
    assert dist.shape == (4,) and mat.shape == (4,)
    expected = np.linalg.norm(points, axis=1) - 1.0
    np.testing.assert_allclose(dist, expected, atol=1e-4)
    assert dist[0] == pytest.approx(1.0, abs=1e-4)
    # Lists work too, and many points (more than one GPU batch).
    many = np.random.default_rng(1).uniform(-3, 3, size=(3000, 3))
    d, _ = net.sample(many.tolist())
    np.testing.assert_allclose(d, np.linalg.norm(many, axis=1) - 1.0, atol=1e-4)


def test_sampling_reads_arrays_whose_data_is_not_aligned(gpu, library):
    net = sphere_network(library, radius=1.0)
    points = np.random.default_rng(3).uniform(-2, 2, size=(500, 3)).astype(np.float32)
    # float32 data one byte into a buffer: numpy allows it, Rust may not
    # view it in place.
    raw = np.zeros(points.nbytes + 1, dtype=np.uint8)
    shifted = raw[1:].view(np.float32).reshape(500, 3)
    shifted[:] = points
    assert not shifted.flags.aligned
    d, _ = net.sample(shifted)
    expected = np.linalg.norm(points.astype(np.float64), axis=1) - 1.0
    np.testing.assert_allclose(d, expected, atol=1e-5)


def test_sampling_follows_parameter_edits(gpu, library):
    net = sphere_network(library, radius=1.0)
    net.set("/scene/sphere1.Radius", 0.5)
    d, _ = net.sample([[2, 0, 0]])
    assert d[0] == pytest.approx(1.5, abs=1e-4)


def test_sampling_a_2d_scene_takes_n_by_2_points(gpu, library):
    net = ropkit.Network(library)
    circle = net.add("circle", "/c")
    net.add("render2D", "/r")
    net.connect(circle, "/r")
    radius = net.get(f"{circle}.Radius")
    d, _ = net.sample(np.array([[3.0, 0.0], [0.0, 0.0]]))
    np.testing.assert_allclose(d, [3.0 - radius, -radius], atol=1e-4)
    with pytest.raises(ValueError):
        net.sample(np.zeros((2, 5)))


def test_material_ids_come_back_from_sampling(gpu, default_net):
    # The red sphere and the blue box carry different material ids.
    _, mat = default_net.sample([[-0.6, 1.0, 0.0], [0.9, 0.7, 0.2]])
    assert mat[0] != mat[1] and min(mat) >= 0


def test_data_buffers_are_float32(gpu, library):
    net = sphere_network(library)
    depth = net.render(33, 33, buffer="depth")
    assert depth.dtype == np.float32 and depth.shape == (33, 33, 4)
    assert depth[16, 16, 0] == pytest.approx(4.0, abs=0.01), "camera at z=5, unit sphere"
    assert depth[16, 16, 3] == 1.0 and depth[0, 0, 3] == 0.0
    normal = net.render(33, 33, buffer="normal")
    np.testing.assert_allclose(normal[16, 16, :3], [0, 0, 1], atol=0.01)
    material = net.render(33, 33, buffer="material")
    assert material[0, 0, 0] == -1.0 and material[16, 16, 0] >= 0.0
    # Asking for a data buffer does not change the network's own setting.
    assert net.get("/render.Buffer") == "color"
    assert net.render(33, 33).dtype == np.uint8
    with pytest.raises(ropkit.ParamError):
        net.render(8, 8, buffer="sideways")


def test_time_drives_animated_networks(gpu, library):
    net = ropkit.Network.load(PRESETS / "noise2d.yaml", library)
    net.set("/clouds.Speed", 1.0)  # the fbm clouds drift with time
    a = net.render(48, 48, time=0.0)
    b = net.render(48, 48, time=3.0)
    assert (a != b).any(), "the clouds moved"
    assert (net.render(48, 48, time=0.0) == a).all(), "the same time gives the same picture"
    assert net.stats["shader_builds"] == 1, "time is a uniform"


def test_bad_sizes_are_refused(library):
    net = sphere_network(library)
    for w, h in [(0, 10), (10, 0), (100000, 10)]:
        with pytest.raises(ValueError):
            net.render(w, h)


def test_build_gives_glsl_and_the_parameter_layout(default_net):
    b = default_net.build()
    assert b.ok and bool(b) and b.errors == []
    assert b.glsl.startswith("#version 450")
    layout = b.layout
    assert layout["output"] == "/render"
    radius = [p for p in layout["params"] if p["node"] == "/scene/sphere1" and p["param"] == "Radius"]
    assert radius and radius[0]["value"] == 1.0, layout["params"][:3]
    assert json.loads(b.export("json")) == layout


def tool(name: str, package: str) -> str:
    path = shutil.which(name)
    assert path, f"{name} not found: install {package} (apt-get install {package})"
    return path


def validate(fmt: str, out, build, tmp_path: pathlib.Path) -> None:
    """Reads an export back with a validator that is not ropkit."""
    if fmt == "glsl":
        (tmp_path / "shader.frag").write_text(out)
        run = subprocess.run(
            [tool("glslangValidator", "glslang-tools"), "-V", "-o", str(tmp_path / "g.spv"), str(tmp_path / "shader.frag")],
            capture_output=True, text=True,
        )
        assert run.returncode == 0, run.stdout + run.stderr
    elif fmt == "shadertoy":
        # Wrapped the way Shadertoy wraps an image pass.
        wrapped = (
            "#version 300 es\nprecision highp float;\nprecision highp int;\n"
            "uniform vec3 iResolution;\nuniform float iTime;\nuniform float iTimeDelta;\nuniform int iFrame;\n"
            "uniform vec4 iMouse;\nuniform sampler2D iChannel0;\nuniform sampler2D iChannel1;\n"
            "uniform sampler2D iChannel2;\nuniform sampler2D iChannel3;\n"
            f"{out}\nout vec4 rkOut;\nvoid main() {{ mainImage(rkOut, gl_FragCoord.xy); }}\n"
        )
        (tmp_path / "pass.frag").write_text(wrapped)
        run = subprocess.run(
            [tool("glslangValidator", "glslang-tools"), str(tmp_path / "pass.frag")], capture_output=True, text=True
        )
        assert run.returncode == 0, run.stdout + run.stderr
    elif fmt == "json":
        assert json.loads(out) == build.layout
    elif fmt == "spirv":
        (tmp_path / "shader.spv").write_bytes(out)
        run = subprocess.run(
            [tool("spirv-val", "spirv-tools"), "--target-env", "vulkan1.0", str(tmp_path / "shader.spv")],
            capture_output=True, text=True,
        )
        assert run.returncode == 0, run.stdout + run.stderr
    elif fmt == "wgsl":
        # naga's WGSL front end reads it back in the Rust suite (tests/ropkit/exports.rs);
        # here, the entry point and the bindings the layout names.
        assert "@fragment" in out and "fn main(" in out
        assert f"@group(0) @binding({build.layout['paramsBuffer']['binding']})" in out


@pytest.mark.parametrize("fmt", ["glsl", "shadertoy", "json", "wgsl", "spirv"])
def test_every_export_format(default_net, fmt, tmp_path: pathlib.Path):
    out = default_net.export(fmt)
    if fmt == "spirv":
        assert isinstance(out, bytes) and out[:4] == (0x07230203).to_bytes(4, "little")
    else:
        assert isinstance(out, str) and len(out) > 1000
    if fmt == "glsl":
        assert out == default_net.build().glsl
    validate(fmt, out, default_net.build(), tmp_path)


@pytest.mark.parametrize("fmt", ["glsl", "shadertoy", "json", "wgsl", "spirv"])
def test_build_export_gives_every_format_of_that_build(library, fmt, tmp_path: pathlib.Path):
    net = ropkit.Network.load(PRESETS / "materials.yaml", library)
    build = net.build()
    out = build.export(fmt)
    assert type(out) is (bytes if fmt == "spirv" else str)
    validate(fmt, out, build, tmp_path)
    # The build is a snapshot: a later edit changes the network's exports,
    # not the build's.
    net.set("/ball.Radius", 0.3)
    assert build.export(fmt) == out
    if fmt in ("json", "shadertoy"):
        assert net.export(fmt) != out, "the edit shows in the network's own export"
    else:
        assert net.export(fmt) == out, "a uniform edit leaves the shader as it was"
    with pytest.raises(ValueError):
        build.export("no-such-format")


def test_steps_and_near_hit_buffers(gpu, library):
    net = sphere_network(library)
    steps = net.render(33, 33, buffer="steps")
    assert steps.dtype == np.float32 and steps.shape == (33, 33, 4)
    count = steps[..., 0]
    assert (count == np.round(count)).all() and count.min() >= 1, "whole numbers of steps"
    max_steps = net.get("/render.MaxSteps")
    assert count.max() <= max_steps
    hit = steps[..., 3] == 1.0
    assert hit[16, 16] and not hit[0, 0]
    # A ray that grazes the sphere takes more steps than the one at its centre.
    row = count[16]
    edge = max(i for i in range(17) if not hit[16, i]) + 1
    assert row[edge] > row[16], row

    near = net.render(33, 33, buffer="nearHit")
    assert near.dtype == np.float32
    assert (near[hit, 0] < 0.01).all(), "a ray that hits comes within the surface distance"
    assert (near[~hit, 0] > 0.0).all()
    # Along a row from the silhouette outwards the closest approach grows.
    misses = near[16, :edge, 0][::-1]
    assert (np.diff(misses) > 0).all(), misses
    # Against the true closest approach of each missing ray of the middle
    # row: the camera at distance 5 has a vertical field of view of 45
    # degrees, so pixel i's ray leaves the axis at angle atan(tan(22.5) *
    # (i + 0.5 - 16.5) / 16.5), and passes the unit sphere at 5 sin(angle) - 1.
    # The march only samples the ray, so it never sees less than that, and
    # (sphere tracing steps past the closest point by about that distance)
    # not much more.
    for i in range(edge):
        angle = math.atan(math.tan(math.radians(22.5)) * abs(i + 0.5 - 16.5) / 16.5)
        true = 5.0 * math.sin(angle) - 1.0
        assert true - 1e-3 <= near[16, i, 0] <= true + 0.06, (i, near[16, i, 0], true)


def test_a_texture_that_cannot_be_loaded_is_a_render_error(gpu, library):
    net = sphere_network(library)
    net.add("textureMaterial", "/paint", Texture="assets/missing.png")
    net.connect("/scene/sphere1", "/paint")
    net.connect("/paint", "/render", "scene")
    assert net.build().ok, "the shader itself is fine"
    for _ in range(2):
        with pytest.raises(ropkit.RenderError) as err:
            net.render(16, 16)
        e = err.value
        assert isinstance(e, ropkit.RopError)
        # The node and the parameter that named the file are in the error,
        # and the file itself (a network made in Python has no file of its own).
        assert "assets/missing.png" in e.message and "not found" in e.message
        assert e.node == "/paint" and "parameter Texture" in e.message
        assert "assets/missing.png" in str(e) and "/paint" in str(e)
    net.set("/paint.Texture", "assets/checker.png")
    assert net.render(16, 16)[8, 8, :3].max() > 0


def test_unknown_export_format_is_a_value_error(default_net):
    with pytest.raises(ValueError):
        default_net.export("no-such-format")


def test_save_png_writes_what_was_rendered(gpu, default_net, tmp_path: pathlib.Path):
    img = default_net.render(40, 30)
    path = tmp_path / "frame.png"
    ropkit.save_png(path, img)
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    # Width and height in the IHDR chunk.
    assert int.from_bytes(data[16:20], "big") == 40 and int.from_bytes(data[20:24], "big") == 30
    ropkit.save_png(tmp_path / "rgb.png", np.ascontiguousarray(img[:, :, :3]))
    with pytest.raises(ValueError):
        ropkit.save_png(tmp_path / "bad.png", img[:, :, :2].copy())
    with pytest.raises(TypeError):
        ropkit.save_png(tmp_path / "float.png", img.astype(np.float32))


def test_the_gil_is_released_while_rendering(gpu, library):
    net = ropkit.Network.load(PRESETS / "default.yaml", library)
    size = 480
    net.render(16, 16)  # build and pipeline creation out of the way
    started = time.perf_counter()
    net.render(size, size)
    alone = time.perf_counter() - started

    done = threading.Event()

    def render():
        net.render(size, size)
        done.set()

    worker = threading.Thread(target=render)
    longest = 0.0
    last = time.perf_counter()
    worker.start()
    while not done.is_set():
        now = time.perf_counter()
        longest = max(longest, now - last)
        last = now
    worker.join()
    # Holding the GIL would stall this loop for the whole frame; released,
    # it only waits for its share of the CPU.
    print(f"longest stall {longest * 1000:.1f} ms, frame {alone * 1000:.0f} ms")
    assert longest < alone / 2, f"main thread stalled {longest * 1000:.0f} ms of a {alone * 1000:.0f} ms frame"


def test_a_notebook_shows_a_network_as_its_picture(gpu, library, user_rops):
    png = sphere_network(library)._repr_png_()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert int.from_bytes(png[16:20], "big") == 256 and int.from_bytes(png[20:24], "big") == 256
    # A network that does not build falls back to its text form.
    broken = ropkit.Network(library)
    broken.add("raymarchRender3D", "/render")
    broken.add("basicMaterial", "/m")
    broken.connect("/m", "/render", "scene")
    assert broken._repr_png_() is None
    assert "ropkit.Network" in repr(broken)


def test_position_direction_and_origin_buffers_agree_with_depth(gpu, library):
    net = sphere_network(library)
    depth = net.render(21, 21, buffer="depth")
    pos = net.render(21, 21, buffer="worldPosition")
    direction = net.render(21, 21, buffer="rayDirection")
    origin = net.render(21, 21, buffer="rayOrigin")
    hit = depth[..., 3] == 1.0
    assert hit[10, 10] and not hit[0, 0]
    np.testing.assert_allclose(np.linalg.norm(direction[..., :3], axis=-1), 1.0, atol=1e-4)
    expected = origin[..., :3] + depth[..., :1] * direction[..., :3]
    np.testing.assert_allclose(pos[hit][:, :3], expected[hit], atol=1e-3)
    # The hits lie on the unit sphere, within the march's tolerance
    # (SurfaceEps 0.001 times the distance).
    off = np.abs(np.linalg.norm(pos[hit][:, :3], axis=-1) - 1.0)
    assert (off <= 1.5e-3 * depth[hit][:, 0]).all(), off.max()
    ids = net.render(21, 21, buffer="objectId")
    assert (ids[hit, 0] == 0.0).all() and (ids[~hit, 0] == -1.0).all()


def test_a_field_connected_to_a_parameter_drives_it(gpu, library):
    net = sphere_network(library, radius=1.0)
    points = np.array([[2, 0, 0], [0, 0, 3]], dtype=np.float64)
    d, _ = net.sample(points)
    np.testing.assert_allclose(d, [1.0, 2.0], atol=1e-4)
    # The sphere's Radius socket takes a field; the value then comes from it.
    net.add("constant", "/r", Value=0.25)
    net.connect("/r", "/scene/sphere1", "Radius")
    d, _ = net.sample(points)
    np.testing.assert_allclose(d, [1.75, 2.75], atol=1e-4)


def test_a_point_list_set_from_numpy_reaches_the_shader(gpu):
    # The fixture ROP pointBalls: a ball of radius 0.25 * scale at each point.
    lib = ropkit.Library([ROOT / "tests" / "fixtures" / "data_rops"])
    net = ropkit.Network(lib)
    balls = net.add("pointBalls", "/balls")
    out = net.add("raymarchRender3D", "/render")
    net.connect(balls, out)
    centres = np.random.default_rng(3).uniform(-2, 2, size=(40, 3))
    net.set("/balls.Points", centres)
    net.set("/balls.Radius", 0.25)
    assert np.allclose(np.array(net.get("/balls.Points")), centres, atol=1e-6)
    queries = np.random.default_rng(4).uniform(-3, 3, size=(500, 3))
    d, _ = net.sample(queries)
    want = np.min(np.linalg.norm(queries[:, None, :] - centres[None, :, :], axis=2), axis=1) - 0.25
    np.testing.assert_allclose(d, want, atol=1e-4)
    with pytest.raises(ropkit.RopError):
        net.set("/balls.Points", [[1.0, 2.0], [3.0]])


def _chain_yaml(n: int) -> str:
    """A sphere under n - 4 transforms (the shape of tests/ropkit/scaling.rs)."""
    lines = ["output: /render", "nodes:", "  /n0: { rop: sphere, params: { Radius: 0.8 } }"]
    transforms = max(n - 4, 1)
    for i in range(1, transforms + 1):
        a = (5.0 + i % 7) * (-1.0 if i % 2 == 0 else 1.0)
        lines.append(
            f"  /n{i}: {{ rop: transform, params: {{ Translate: [0.0005, 0, 0], "
            f"Rotate: [{a:.2f}, {-a * 0.5:.2f}, {a * 0.25:.2f}] }}, inputs: [/n{i - 1}] }}"
        )
    return "\n".join(lines + _tail(f"/n{transforms}")) + "\n"


def _tree_yaml(n: int) -> str:
    """A balanced tree of smooth unions over spheres: about n nodes."""
    lines = ["output: /render", "nodes:"]
    leaves = max(-(-(n - 3) // 2), 1)
    level = []
    for i in range(leaves):
        lines.append(f"  /leaf{i}: {{ rop: sphere, params: {{ Radius: 0.3 }} }}")
        level.append(f"/leaf{i}")
    k = 0
    while len(level) > 1:
        nxt = []
        for j in range(0, len(level), 2):
            pair = ", ".join(level[j : j + 2])
            lines.append(f"  /c{k}: {{ rop: combine, params: {{ Mode: smoothUnion }}, inputs: [{pair}] }}")
            nxt.append(f"/c{k}")
            k += 1
        level = nxt
    return "\n".join(lines + _tail(level[0])) + "\n"


def _tail(scene: str) -> list[str]:
    return [
        "  /cam: { rop: lookAtCamera, params: { Position: [4, 3, 6], Target: [0, 0.5, 0] } }",
        "  /light: { rop: pointLight, params: { Position: [5, 8, 4] } }",
        f"  /render: {{ rop: raymarchRender3D, params: {{ AO: false }}, inputs: {{ scene: {scene}, camera: /cam, light: /light }} }}",
    ]


def test_deep_networks_draw_or_are_refused_on_a_small_thread_stack(gpu, library, tmp_path: pathlib.Path):
    """A 2,000-node chain draws, and a tree near the node limit is refused
    with the limit's name, from a Python thread with a 2 MiB stack: never a
    crash of the interpreter."""
    chain = tmp_path / "chain.yaml"
    chain.write_text(_chain_yaml(2000))
    tree = tmp_path / "tree.yaml"
    tree.write_text(_tree_yaml(19_981))
    results: dict[str, object] = {}

    def work() -> None:
        net = ropkit.Network.load(str(chain), library)
        results["chain"] = net.render(24, 24)
        big = ropkit.Network.load(str(tree), library)
        try:
            big.render(8, 8)
            results["tree"] = "drew"
        except ropkit.RopError as e:
            results["tree"] = e

    old = threading.stack_size(2 * 1024 * 1024)
    try:
        t = threading.Thread(target=work)
        t.start()
        t.join()
    finally:
        threading.stack_size(old)
    img = results["chain"]
    assert isinstance(img, np.ndarray) and img.shape == (24, 24, 4)
    # The chain's sphere shows: some pixels differ from the corner's sky.
    assert (np.abs(img[..., :3].astype(int) - img[0, 0, :3].astype(int)).sum(axis=2) > 30).sum() > 10
    refused = results["tree"]
    assert isinstance(refused, ropkit.RopError), refused
    assert "SHADER_NODES" in str(refused), refused
