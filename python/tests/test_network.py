"""Networks from Python: load, edit, build from scratch, dict round trips, saving."""

import pathlib
import subprocess
import sys

import numpy as np
import pytest

import ropkit
from conftest import PRESETS, ROOT, sphere_network


def changed_pixels(a: np.ndarray, b: np.ndarray) -> int:
    return int((np.abs(a.astype(int) - b.astype(int)).max(axis=2) > 2).sum())


def test_a_parameter_change_shows_in_the_picture_without_a_rebuild(gpu, default_net):
    before = default_net.render(64, 64)
    assert before.shape == (64, 64, 4) and before.dtype == np.uint8
    builds = default_net.stats["shader_builds"]
    assert default_net.get("/scene/sphere1.Radius") == 1.0
    default_net.set("/scene/sphere1.Radius", 1.5)
    assert default_net.get("/scene/sphere1.Radius") == 1.5
    after = default_net.render(64, 64)
    assert after.shape == (64, 64, 4)
    assert changed_pixels(before, after) > 100, "a bigger sphere covers more of the picture"
    assert default_net.stats["shader_builds"] == builds, "a uniform edit never rebuilds"
    assert default_net.stats["param_updates"] >= 1
    # Setting the old value back gives the old picture.
    default_net.set("/scene/sphere1.Radius", 1.0)
    assert changed_pixels(before, default_net.render(64, 64)) == 0


def test_a_macro_parameter_rebuilds(gpu, default_net):
    default_net.render(32, 32)
    builds = default_net.stats["shader_builds"]
    default_net.set("/scene/blend.Mode", "union")  # a menu: part of the shader text
    default_net.render(32, 32)
    assert default_net.stats["shader_builds"] == builds + 1


def test_a_network_built_from_scratch_renders_a_sphere(gpu, library):
    net = sphere_network(library)
    assert net.output == "/render", "the first output ROP added becomes the output"
    assert len(net) == 3 and "/cam" in net
    assert net.nodes == {"/scene/sphere1": "sphere", "/cam": "lookAtCamera", "/render": "raymarchRender3D"}
    img = net.render(65, 65)
    centre, corner = img[32, 32, :3].astype(int), img[0, 0, :3].astype(int)
    assert np.abs(centre - corner).sum() > 60, "the sphere stands out from the background"
    # The sphere covers a disc: about pi * r^2 of the picture, r seen from 5 units.
    bg = img[0, 0, :3].astype(int)
    covered = (np.abs(img[..., :3].astype(int) - bg).sum(axis=2) > 30).mean()
    assert 0.05 < covered < 0.6, covered


def test_default_paths_and_keyword_parameters(library):
    net = ropkit.Network(library)
    a = net.add("sphere")
    b = net.add("sphere", Radius=0.25, Translate=np.array([1.0, 2.0, 3.0]))
    assert a != b and a.startswith("/sphere") and b.startswith("/sphere")
    assert net.get(f"{b}.Radius") == 0.25
    assert net.get(f"{b}.Translate") == (1.0, 2.0, 3.0)
    assert net.get(f"{a}.Radius") == 1.0, "left-out parameters take their defaults"


def test_dict_round_trip_keeps_the_network(library, default_net):
    d = default_net.to_dict()
    assert d["output"] == "/render"
    assert d["nodes"]["/scene/sphere1"]["rop"] == "sphere"
    assert d["nodes"]["/scene/blend"]["inputs"] == {"a": "/scene/red", "b": "/scene/blue"}
    again = ropkit.Network.from_dict(d, library)
    assert again.to_dict() == d
    assert again.build().glsl == default_net.build().glsl


def test_save_writes_the_network_and_it_loads_back(library, default_net, tmp_path: pathlib.Path):
    target = tmp_path / "scene.yaml"
    default_net.set("/scene/sphere1.Radius", 0.75)
    default_net.save(target)
    assert default_net.file == target
    text = target.read_text()
    assert "Radius: 0.75" in text
    loaded = ropkit.Network.load(target, library)
    assert loaded.get("/scene/sphere1.Radius") == 0.75
    assert loaded.to_dict() == default_net.to_dict()
    # Saving again without a path writes back to the same file.
    loaded.set("/scene/sphere1.Radius", 0.5)
    loaded.save()
    assert "Radius: 0.5" in target.read_text()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["scene.yaml"], "no temporary files left"


def _changed_lines(before: str, after: str) -> list[int]:
    """The indices of the lines that differ, for texts of the same length."""
    a, b = before.splitlines(), after.splitlines()
    assert len(a) == len(b), f"the line count changed:\n{after}"
    return [i for i in range(len(a)) if a[i] != b[i]]


def _other_values(value):
    """Values to try in place of a number or a list of numbers."""
    if isinstance(value, bool):
        return []
    if isinstance(value, (int, float)):
        return [value + 0.25, value + 1, value - 1]
    if isinstance(value, list) and value and all(
        isinstance(v, (int, float)) and not isinstance(v, bool) for v in value
    ):
        return [[value[0] + 0.25, *value[1:]], [value[0] - 0.25, *value[1:]]]
    return []


# Edits tried per preset: spread over its nodes, from the first parameter
# to the last (each edit reloads the preset, builds it, and reads the saved
# file back): about 200 edits over the presets, numbers and vectors alike.
EDITS_PER_PRESET = 5


@pytest.mark.parametrize("preset", sorted(PRESETS.glob("*.yaml")), ids=lambda p: p.stem)
def test_saving_a_preset_after_one_change_changes_one_line(library, preset, tmp_path):
    original = preset.read_text()
    net = ropkit.Network.load(preset, library)
    net.save(tmp_path / "unchanged.yaml")
    assert (tmp_path / "unchanged.yaml").read_text() == original, "an unchanged network saves as its file"
    numbers = [
        (f"{path}.{name}", value)
        for path, node in net.to_dict()["nodes"].items()
        for name, value in (node.get("params") or {}).items()
        if _other_values(value)
    ]
    assert numbers, "every preset sets a number"
    step = max(1, len(numbers) // EDITS_PER_PRESET)
    edited = 0
    for target, value in numbers[::step]:
        name = target.rsplit(".", 1)[1]
        for new in _other_values(value):
            net = ropkit.Network.load(preset, library)
            try:
                net.set(target, new)
            except ropkit.ParamError:
                continue  # past the parameter's hard limits, or not an integer
            out = tmp_path / "edited.yaml"
            net.save(out)
            saved = out.read_text()
            changed = _changed_lines(original, saved)
            assert len(changed) == 1, f"{target}: {len(changed)} lines changed:\n{saved}"
            assert f"{name}:" in saved.splitlines()[changed[0]], target
            again = ropkit.Network.load(out, library)
            assert again.get(target) == net.get(target)
            assert again.to_dict() == net.to_dict()
            edited += 1
            break
    assert edited > 0, "every preset sets a number"


# A child that saves a big network over an existing file under a file-size
# limit (RLIMIT_FSIZE; SIGXFSZ ignored, so the write fails with EFBIG as on a
# full disk): the write fails after the first kilobytes. Limits, unlike file
# permissions, also stop root.
SAVE_UNDER_A_LIMIT = """
import resource, signal, sys
import numpy as np
import ropkit
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
net = ropkit.Network()
for i in range(300):
    net.add("sphere", f"/spheres/s{i}", Radius=0.5, Translate=(i * 0.1, 0.0, 0.0))
net.add("raymarchRender3D", "/render")
picture = np.random.default_rng(1).integers(0, 256, size=(256, 256, 4), dtype=np.uint8)
resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))
what, target = sys.argv[1], sys.argv[2]
try:
    if what == "network":
        net.save(target)
    else:
        ropkit.save_png(target, picture)
except (ropkit.NetworkError, OSError) as e:
    print(type(e).__name__, e)
    sys.exit(3)
print("written")
"""


@pytest.mark.parametrize("what, name", [("network", "scene.yaml"), ("png", "frame.png")])
def test_a_save_that_fails_midway_leaves_the_old_file_whole(tmp_path: pathlib.Path, what, name):
    target = tmp_path / name
    old = b"".join(f"# line {i} of a good file\n".encode() for i in range(60))
    target.write_bytes(old)
    out = subprocess.run(
        [sys.executable, "-c", SAVE_UNDER_A_LIMIT, what, str(target)],
        cwd=tmp_path, capture_output=True, text=True,
    )
    assert out.returncode == 3, out.stdout + out.stderr
    assert str(target) in out.stdout and "too large" in out.stdout.lower(), out.stdout
    assert target.read_bytes() == old, "a failed save changed the file"
    assert sorted(p.name for p in tmp_path.iterdir()) == [name], "a temporary file was left behind"
    # Without the limit the same save goes through, and is larger than the
    # limit: the failed one really was cut off midway.
    unlimited = SAVE_UNDER_A_LIMIT.replace("resource.setrlimit(", "(lambda *a: None)(")
    out = subprocess.run(
        [sys.executable, "-c", unlimited, what, str(target)], cwd=tmp_path, capture_output=True, text=True
    )
    assert out.returncode == 0 and out.stdout.strip() == "written", out.stdout + out.stderr
    assert target.stat().st_size > 4096


def test_a_save_where_the_folder_is_a_file_raises_and_changes_nothing(library, default_net, tmp_path):
    # The target's parent is an existing file: no permission bits involved,
    # so this fails for root too.
    blocker = tmp_path / "notes.txt"
    blocker.write_text("keep me\n")
    with pytest.raises(ropkit.NetworkError) as err:
        default_net.save(blocker / "scene.yaml")
    assert "cannot save" in str(err.value)
    assert blocker.read_text() == "keep me\n" and blocker.is_file()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]
    assert default_net.file == PRESETS / "default.yaml" or str(default_net.file).endswith("default.yaml"), (
        "a failed save does not move the network to the new path"
    )


def test_the_output_setter_switches_the_picture_and_refuses_what_cannot_be_an_output(gpu, library, tmp_path):
    net = sphere_network(library)
    net.add("circle", "/flat/circle", Radius=0.5)
    net.add("render2D", "/flat/render")
    net.connect("/flat/circle", "/flat/render")
    assert net.output == "/render", "the first output added"
    sphere = net.render(32, 32)
    net.output = "/flat/render"
    assert net.output == "/flat/render"
    flat = net.render(32, 32)
    assert changed_pixels(sphere, flat) > 200, "the other output draws another picture"
    # The output is saved with the network.
    net.save(tmp_path / "two.yaml")
    assert "output: /flat/render" in (tmp_path / "two.yaml").read_text()
    assert ropkit.Network.load(tmp_path / "two.yaml", library).output == "/flat/render"
    # A node that does not exist, or is not an output ROP, is refused and
    # changes nothing.
    for bad in ["/nope", "/flat/circle"]:
        with pytest.raises(ropkit.NetworkError) as err:
            net.output = bad
        assert bad in str(err.value)
        assert net.output == "/flat/render"
    assert (net.render(32, 32) == flat).all()


def test_a_script_network_needs_a_path_to_save(library):
    with pytest.raises(ValueError):
        sphere_network(library).save()


def test_refused_edits_change_nothing(library, default_net):
    before = default_net.to_dict()
    refusals = [
        (lambda: default_net.set("/scene/sphere1.Radius", "big"), ropkit.ParamError),
        (lambda: default_net.set("/scene/sphere1.Radus", 1.0), ropkit.ParamError),
        (lambda: default_net.set("/scene/blend.Mode", "sideways"), ropkit.ParamError),
        (lambda: default_net.set("/nope.Radius", 1.0), ropkit.NetworkError),
        (lambda: default_net.add("noSuchRop"), ropkit.NetworkError),
        (lambda: default_net.add("sphere", "/scene/sphere1"), ropkit.NetworkError),
        (lambda: default_net.add("sphere", Radius="big"), ropkit.ParamError),
        # The sphere has no inputs; the camera gives a Ray, not an Sdf; a cycle.
        (lambda: default_net.connect("/scene/box1", "/scene/sphere1"), ropkit.NetworkError),
        (lambda: default_net.connect("/cam1", "/scene/blend", "a"), ropkit.NetworkError),
        (lambda: default_net.connect("/scene/all", "/scene/blend", "a"), ropkit.NetworkError),
        (lambda: default_net.connect("/scene/box1", "/scene/blend", 0), ropkit.NetworkError),
        (lambda: default_net.connect("/scene/box1", "/scene/blend", "c"), ropkit.NetworkError),
        (lambda: default_net.remove("/render"), ropkit.NetworkError),
    ]
    for edit, kind in refusals:
        with pytest.raises(kind):
            edit()
    assert default_net.to_dict() == before


def test_edits_rewire_and_rename(library, default_net):
    default_net.connect("/scene/box1", "/scene/red", "shape")
    # A ROP with one input keeps it as a list; one with several, by name.
    assert default_net.to_dict()["nodes"]["/scene/red"]["inputs"] == ["/scene/box1"]
    new = default_net.rename("/scene/box1", "/scene/cube")
    assert new == "/scene/cube" and "/scene/box1" not in default_net
    assert default_net.to_dict()["nodes"]["/scene/blue"]["inputs"] == ["/scene/cube"]
    default_net.disconnect("/scene/blend", "b")
    assert "b" not in default_net.to_dict()["nodes"]["/scene/blend"].get("inputs", {})
    default_net.remove("/scene/sphere1")
    assert "/scene/sphere1" not in default_net
    assert default_net.build().ok, "nothing used the sphere any more"
    default_net.disconnect("/scene/red")
    build = default_net.build()
    assert not build.ok, "the red material lost its required input"
    assert build.errors[0].node == "/scene/red", build.errors


def test_errors_in_a_loaded_network_name_file_line_and_node(library, default_net):
    with pytest.raises(ropkit.ParamError) as err:
        default_net.set("/scene/sphere1.Radius", [1, 2])
    e = err.value
    assert pathlib.Path(e.file) == PRESETS / "default.yaml" or e.file.endswith("presets/default.yaml")
    assert e.line == 4, "the node's line in the file"
    assert e.node == "/scene/sphere1"
    assert "expected a number" in e.message
    assert str(e).startswith(f"{e.file}:4:1: ")


def test_errors_in_a_script_network_invent_no_file(library):
    net = sphere_network(library)
    with pytest.raises(ropkit.ParamError) as err:
        net.set("/scene/sphere1.Radius", "big")
    assert err.value.file is None and err.value.line is None
    assert err.value.node == "/scene/sphere1"
    assert str(err.value) == f"{err.value.message} (node /scene/sphere1)"


def test_a_broken_network_file_raises_with_its_line(library):
    with pytest.raises(ropkit.NetworkError) as err:
        ropkit.Network.load(ROOT / "tests/bad/unknown_rop/network.yaml", library)
    e = err.value
    assert e.file.endswith("unknown_rop/network.yaml")
    assert (e.line, e.node) == (3, "/s")
    assert "unknown ROP 'spheer'" in e.message


def test_from_dict_errors_name_the_node(library):
    with pytest.raises(ropkit.NetworkError) as err:
        ropkit.Network.from_dict({"output": "/r", "nodes": {"/r": {"rop": "nope"}}}, library)
    assert err.value.node == "/r" and err.value.file is None
    assert "unknown ROP 'nope'" in str(err.value)


def test_unclear_hard_limits_refuse_a_value_the_slider_range_does_not(library, default_net):
    render = library.rop("raymarchRender3D")
    gamma = next(p for p in render["params"] if p["name"] == "Gamma")
    assert (gamma["min"], gamma["max"]) == (0.5, 4.0)
    assert (gamma["hardMin"], gamma["hardMax"]) == (0.05, 20.0)
    radius = next(p for p in library.rop("sphere")["params"] if p["name"] == "Radius")
    assert radius["hardMin"] is None and radius["hardMax"] is None
    before = default_net.to_dict()
    for bad in [0.0, 0.01, 25.0]:
        with pytest.raises(ropkit.ParamError, match="past the hard limits 0.05..=20"):
            default_net.set("/render.Gamma", bad)
    assert default_net.to_dict() == before
    # Past the slider, inside the hard limits: kept.
    default_net.set("/render.Gamma", 6.0)
    assert default_net.to_dict()["nodes"]["/render"]["params"]["Gamma"] == 6.0
