"""Rendering and sampling from Python: buffers, time, sampling, exports, PNGs, the GIL."""

import json
import pathlib
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


@pytest.mark.parametrize("fmt", ["glsl", "shadertoy", "json", "wgsl", "spirv"])
def test_every_export_format(default_net, fmt):
    out = default_net.export(fmt)
    if fmt == "spirv":
        assert isinstance(out, bytes) and out[:4] == (0x07230203).to_bytes(4, "little")
    else:
        assert isinstance(out, str) and len(out) > 1000
    if fmt == "glsl":
        assert out == default_net.build().glsl
    if fmt == "wgsl":
        assert "@fragment" in out
    if fmt == "shadertoy":
        assert "mainImage" in out


def test_unknown_export_format_is_a_value_error(default_net):
    with pytest.raises(ValueError):
        default_net.export("hlsl")


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
