"""The module's surface: the stubs match it, every function has a docstring,
the library describes its ROPs, and the module finds its ROPs from anywhere."""

import ast
import inspect
import os
import pathlib
import subprocess
import sys

import ropkit
from conftest import ROOT

STUBS = ROOT / "python" / "ropkit.pyi"


def public(names):
    return {n for n in names if not n.startswith("_")}


def stub_tree() -> dict[str, set[str] | None]:
    """Top-level names in the stub file; classes map to their member names."""
    out: dict[str, set[str] | None] = {}
    for node in ast.parse(STUBS.read_text()).body:
        if isinstance(node, ast.ClassDef):
            out[node.name] = {
                n.name if isinstance(n, ast.FunctionDef) else n.target.id
                for n in node.body
                if isinstance(n, ast.FunctionDef) or (isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name))
            }
        elif isinstance(node, ast.FunctionDef):
            out[node.name] = None
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            out[node.target.id] = None
    return out


def test_the_stubs_cover_exactly_the_module():
    stubs = stub_tree()
    module = public(dir(ropkit))
    assert module <= set(stubs) | {"ropkit"}, f"missing from ropkit.pyi: {module - set(stubs)}"
    for name in ["Library", "Network", "Build", "Frames"]:
        cls = getattr(ropkit, name)
        members = public(dir(cls))
        assert members == public(stubs[name]), f"{name}: module {sorted(members)} vs stubs {sorted(public(stubs[name]))}"


def test_every_function_has_a_docstring():
    assert ropkit.__doc__ and "ROP" in ropkit.__doc__
    assert (ropkit.save_png.__doc__ or "").strip()
    for cls in [ropkit.Library, ropkit.Network, ropkit.Build, ropkit.RopError, ropkit.CompileError]:
        assert (cls.__doc__ or "").strip(), cls
    for cls in [ropkit.Library, ropkit.Network, ropkit.Build]:
        for name in public(dir(cls)):
            doc = inspect.getattr_static(cls, name).__doc__
            assert doc and doc.strip(), f"{cls.__name__}.{name} has no docstring"


def test_exceptions_form_one_family():
    for name in ["LibraryError", "NetworkError", "ParamError", "BuildError", "RenderError"]:
        assert issubclass(getattr(ropkit, name), ropkit.RopError)
    assert issubclass(ropkit.CompileError, ropkit.BuildError)
    assert issubclass(ropkit.RopError, Exception)


def test_the_library_describes_its_rops(library):
    assert len(library) == len(library.names()) >= 80
    assert "sdf" in library.categories() and "output" in library.categories()
    sphere = library.rop("sphere")
    radius = next(p for p in sphere["params"] if p["name"] == "Radius")
    assert (radius["style"], radius["default"], radius["min"]) == ("float", 1.0, 0.0)
    assert radius["max"] > radius["min"] and radius["uniform"] is True
    assert sphere["category"] == "sdf" and "vec3" in sphere["coordTypes"]
    combine = library.rop("combine")
    # Its two inputs, then the socket of its field-capable Blend parameter.
    # Its own inputs, then a socket for each float or vector parameter.
    assert [i["name"] for i in combine["inputs"]] == ["a", "b", "Blend", "Steps"]
    assert combine["inputs"][2]["drives"] == "Blend"
    mode = next(p for p in combine["params"] if p["name"] == "Mode")
    assert mode["style"] == "menu" and "smoothUnion" in mode["options"] and mode["uniform"] is False
    assert all(r["category"] == "camera" for r in library.rops("camera"))
    assert {r["name"] for r in library.rops()} == set(library.names())


def test_unknown_rop_lookup_is_a_key_error(library):
    import pytest

    with pytest.raises(KeyError):
        library.rop("spheer")


def test_extra_rop_folders_join_the_library(user_rops):
    lib = ropkit.Library([user_rops])
    assert "mySphere" in lib and "sphere" in lib
    assert any(pathlib.Path(r).resolve() == user_rops.resolve() for r in lib.rop_roots)


def test_the_module_renders_from_any_folder(tmp_path):
    # Outside a checkout, with ROPKIT_HOME unset, the library and the presets
    # come from the copy built into the module: nothing is read from the
    # source tree (the module would find no rops/ there from tmp_path).
    code = (
        "import ropkit\n"
        "lib = ropkit.Library()\n"
        "net = ropkit.Network.load('presets/default.yaml', lib)\n"
        "img = net.render(32, 32)\n"
        "print(len(lib), lib.rop_roots[0], img.shape, int(img[..., :3].max()))\n"
    )
    env = {k: v for k, v in os.environ.items() if k not in ("ROPKIT_HOME", "ROPKIT_ROPS")}
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True, check=True
    )
    count, rops, *rest = out.stdout.split()
    assert int(count) >= 80
    assert rops == "<builtin>/rops"
    assert " ".join(rest[:-1]) == "(32, 32, 4)"
    assert int(rest[-1]) > 50, "the picture is not black"
    assert not list(tmp_path.iterdir()), "nothing was written to the folder"


def test_the_installed_package_carries_the_stubs():
    installed = pathlib.Path(ropkit.__file__).parent
    assert (installed / "py.typed").exists()
    assert (installed / "__init__.pyi").read_text() == STUBS.read_text()


def test_networks_share_their_library_rather_than_copy_it(library):
    # Networks of one Library hold the very same ROP definitions.
    a = ropkit.Network.load(ROOT / "presets" / "default.yaml", library)
    b = ropkit.Network.load(ROOT / "presets" / "gyroid.yaml", library)
    assert a._library_address() == b._library_address() == library._address()
    # Networks made without one share one default library (loaded once).
    c = ropkit.Network.load(ROOT / "presets" / "default.yaml")
    d = ropkit.Network()
    assert c.library is d.library
    assert c._library_address() == d._library_address() == c.library._address()
    # A Library made on purpose is a library of its own.
    other = ropkit.Library()
    assert other._address() != library._address()


def test_the_version_is_the_package_s_and_library_root_is_the_project_folder(tmp_path):
    # The version the package was built as (pyproject.toml), read independently.
    declared = next(
        line.split("=", 1)[1].strip().strip('"')
        for line in (ROOT / "python" / "pyproject.toml").read_text().splitlines()
        if line.startswith("version")
    )
    assert ropkit.__version__ == declared
    assert [int(p) for p in ropkit.__version__.split(".")] >= [0, 1, 0]
    # A checkout: its own folder, and the built-ins come from its rops/.
    checkout = ropkit.Library.at(ROOT)
    assert pathlib.Path(checkout.root).resolve() == ROOT
    assert pathlib.Path(checkout.rop_roots[0]).resolve() == ROOT / "rops"
    # Any other folder: that folder, with the embedded built-ins.
    elsewhere = ropkit.Library.at(tmp_path)
    assert pathlib.Path(elsewhere.root) == tmp_path
    assert "sphere" in elsewhere
    # Library() run below a project of the user's own (a folder holding
    # rops/): the root is that folder, wherever below it the script runs.
    project = tmp_path / "proj"
    (project / "rops").mkdir(parents=True)
    (project / "scenes").mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("ROPKIT_HOME", "ROPKIT_ROPS")}
    out = subprocess.run(
        [sys.executable, "-c", "import ropkit, pathlib; print(pathlib.Path(ropkit.Library().root).resolve())"],
        cwd=project / "scenes",
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert out.stdout.strip() == str(project.resolve())
