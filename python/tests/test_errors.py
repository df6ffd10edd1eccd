"""ropkit's errors as Python exceptions: a GLSL typo in a user ROP, located in its own file."""

import pathlib

import pytest

import ropkit


def typo_network(user_rops: pathlib.Path) -> tuple[ropkit.Network, pathlib.Path, int, int]:
    """A network using the user ROP mySphere, with `length(` misspelt in its code."""
    code = user_rops / "sdf" / "mySphere" / "function.glsl"
    lines = code.read_text().splitlines(keepends=True)
    line = next(i for i, l in enumerate(lines) if "length(" in l)
    col = lines[line].index("length(") + 1
    lines[line] = lines[line].replace("length(", "lenght(", 1)
    code.write_text("".join(lines))
    lib = ropkit.Library([user_rops])
    assert "mySphere" in lib and not lib.problems
    net = ropkit.Network(lib)
    net.add("mySphere", "/scene/blob")
    net.add("raymarchRender3D", "/render")
    net.connect("/scene/blob", "/render", "scene")
    return net, code, line + 1, col


def test_a_glsl_typo_is_a_compile_error_at_its_line(user_rops):
    net, code, line, col = typo_network(user_rops)
    build = net.build()
    assert not build.ok and build.glsl is None and build.layout is None
    [err] = build.errors
    assert isinstance(err, ropkit.CompileError)
    assert isinstance(err, ropkit.BuildError) and isinstance(err, ropkit.RopError)
    assert pathlib.Path(err.file).resolve() == code.resolve()
    assert (err.line, err.col) == (line, col)
    assert err.node == "/scene/blob"
    assert "lenght" in err.message
    assert str(err).startswith(f"{err.file}:{line}:{col}: ")
    assert err.diagnostics[0]["line"] == line
    with pytest.raises(ropkit.CompileError):
        build.raise_for_errors()
    with pytest.raises(ropkit.CompileError):
        net.export("glsl")


def test_rendering_a_broken_network_raises_every_time(gpu, user_rops, library):
    net, code, line, _ = typo_network(user_rops)
    # Start from a good picture: the same network with the built-in sphere.
    net.add("sphere", "/scene/good")
    net.connect("/scene/good", "/render", "scene")
    good = net.render(16, 16)
    net.connect("/scene/blob", "/render", "scene")
    for _ in range(2):
        # Never the last good picture: a script asked for this network.
        with pytest.raises(ropkit.CompileError) as err:
            net.render(16, 16)
        assert err.value.line == line
    net.connect("/scene/good", "/render", "scene")
    assert (net.render(16, 16) == good).all()


def test_sampling_a_broken_network_raises(gpu, user_rops):
    net, _, line, _ = typo_network(user_rops)
    with pytest.raises(ropkit.CompileError) as err:
        net.sample([[0, 0, 0]])
    assert err.value.line == line


def test_a_broken_rop_folder_is_listed_not_raised(user_rops):
    (user_rops / "sdf" / "mySphere" / "rop.yaml").write_text("name: mySphere\nparams: [ {name: Radius, style: wobbly} ]\n")
    lib = ropkit.Library([user_rops])
    assert "mySphere" not in lib
    [problem] = lib.problems
    assert isinstance(problem, ropkit.LibraryError)
    assert problem.file.endswith("rop.yaml")
    assert problem.line is not None
    # Using it names the reason.
    net = ropkit.Network(lib)
    with pytest.raises(ropkit.NetworkError) as err:
        net.add("mySphere")
    assert "failed to load" in str(err.value)


def test_missing_glyphs_are_warned_in_the_build(library, tmp_path: pathlib.Path):
    """A character the font lacks: the build succeeds and says which, where."""
    net_file = tmp_path / "title.yaml"
    net_file.write_text(
        "output: /out\n"
        "nodes:\n"
        "  /title: { rop: text, params: { Text: \"Brand\\u2122\" } }\n"
        "  /slab: { rop: extrude, inputs: [/title] }\n"
        "  /out: { rop: raymarchRender3D, inputs: [/slab] }\n"
    )
    net = ropkit.Network.load(net_file, library)
    build = net.build()
    assert build.ok and not build.errors
    [warning] = build.warnings
    assert warning["node"] == "/title"
    assert pathlib.Path(warning["file"]).resolve() == net_file.resolve()
    assert warning["line"] == 3
    assert "U+2122" in warning["message"] and "bundled font" in warning["message"]
    # A text the font has whole warns nothing.
    net.set("/title.Text", "Brand")
    assert net.build().warnings == []
