"""The HLSL, MSL and engine exports from Python: each format of the table
comes out of Network.export and Build.export, carries every live parameter
of the JSON layout, and a network a format cannot carry raises BuildError
naming what it is."""

import json
import pathlib
import shutil
import subprocess

import pytest

import ropkit

ROOT = pathlib.Path(__file__).resolve().parents[2]
PRESETS = ROOT / "presets"

# Format name -> a line every file of that format has.
ENGINE_FORMATS = {
    "hlsl": "SamplerState rk_sampler : register(s1);",
    "msl": "[[buffer(0)]]",
    "godot": "shader_type canvas_item;",
    "godot3": "shader_type canvas_item;",
    "unity": 'Tags { "RenderType" = "Opaque" "RenderPipeline" = "UniversalPipeline"',
    "unreal": "return rk_scene.Run(UV, Time, Resolution",
    "touchdesigner": "fragColor = TDOutputSwizzle(",
}


def properties(layout: dict) -> list[str]:
    """The engine property of each live parameter: <node's GLSL name>_<Param>."""
    return [f"{layout['nodes'][p['node']]}_{p['param']}" for p in layout["params"]]


@pytest.mark.parametrize("fmt", sorted(ENGINE_FORMATS))
def test_engine_formats_come_out_of_network_and_build(default_net, fmt):
    out = default_net.export(fmt)
    assert isinstance(out, str) and ENGINE_FORMATS[fmt] in out
    assert default_net.build().export(fmt) == out
    if fmt not in ("hlsl", "msl"):
        # Every live parameter is an engine property under its name.
        layout = json.loads(default_net.export("json"))
        for name in properties(layout):
            assert name in out, f"{fmt}: {name}"


def test_an_engine_edit_moves_the_property_default(library):
    net = ropkit.Network.load(PRESETS / "materials.yaml", library)
    before = net.export("godot")
    net.set("/ball.Radius", 0.3)
    after = net.export("godot")
    line = next(l for l in after.splitlines() if l.startswith("uniform float ball_Radius"))
    assert "= 0.3;" in line and before != after


def test_unreal_refuses_a_texture_by_name(library):
    net = ropkit.Network.load(PRESETS / "materials.yaml", library)
    with pytest.raises(ropkit.BuildError, match="texture.*assets/checker.png"):
        net.export("unreal")


def test_touchdesigner_glsl_compiles_under_its_declarations(default_net, tmp_path):
    glslang = shutil.which("glslangValidator")
    if glslang is None:
        pytest.fail("glslangValidator is missing: apt-get install glslang-tools")
    prelude = (
        "#version 460\n"
        "struct TDTexInfo { vec4 res; vec4 depth; };\n"
        "uniform TDTexInfo uTDOutputInfo;\n"
        "in vec3 vUV;\n"
        "vec4 TDOutputSwizzle(vec4 c) { return c; }\n"
    )
    (tmp_path / "td.frag").write_text(prelude + default_net.export("touchdesigner"))
    run = subprocess.run([glslang, str(tmp_path / "td.frag")], capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stdout


def test_formats_lists_each_format_once_and_export_takes_each():
    rows = ropkit.formats()
    names = [r["name"] for r in rows]
    assert len(names) == len(set(names)), names
    assert set(ENGINE_FORMATS) <= set(names)
    for r in rows:
        assert r["source"] in ("layout", "shadertoy", "engine", "web"), r
        assert r["layout_bound"] == (r["source"] == "layout"), r
    assert not next(r for r in rows if r["name"] == "unreal")["textures"]
    assert not next(r for r in rows if r["name"] == "spirv")["text"]


def test_an_engine_takes_the_data_parameters_as_a_texture_file(library):
    net = ropkit.Network.load(PRESETS / "title3d.yaml", library)
    assert "uniform sampler2D rk_dataTex" in net.export("godot3")
    godot = net.data_texture("godot3")
    assert godot["extension"] == "data.tres"
    assert (godot["width"], godot["height"]) == (1024, 1)
    assert godot["bytes"].startswith(b'[gd_resource type="ImageTexture"')
    exr = net.data_texture("unity")
    assert exr["extension"] == "data.exr"
    assert exr["bytes"][:4] == b"\x76\x2f\x31\x01"  # OpenEXR's magic number
    # Formats that bind the data texture themselves write no file.
    assert net.data_texture("glsl") is None
    plain = ropkit.Network.load(PRESETS / "default.yaml", library)
    assert plain.data_texture("godot3") is None
