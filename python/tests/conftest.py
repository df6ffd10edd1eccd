"""Shared fixtures: the repository's folders and the GPU.

Tests that render or sample ask for the ``gpu`` fixture. Without an adapter
they fail with what to install, unless ROPKIT_SKIP_GPU=1 is set: then pytest
reports them as skipped (never as passed).
"""

import os
import pathlib
import shutil

import pytest

import ropkit

ROOT = pathlib.Path(__file__).resolve().parents[2]
PRESETS = ROOT / "presets"


@pytest.fixture(scope="session")
def library() -> ropkit.Library:
    lib = ropkit.Library()
    assert not lib.problems, lib.problems
    return lib


@pytest.fixture(scope="session")
def gpu(library: ropkit.Library) -> str:
    """The adapter's name; fails (or skips, with ROPKIT_SKIP_GPU=1) without one."""
    try:
        return library.adapter
    except ropkit.RenderError as e:
        if os.environ.get("ROPKIT_SKIP_GPU") == "1":
            pytest.skip(f"no GPU adapter (ROPKIT_SKIP_GPU=1): {e}")
        pytest.fail(str(e), pytrace=False)


@pytest.fixture
def default_net(library: ropkit.Library) -> ropkit.Network:
    return ropkit.Network.load(PRESETS / "default.yaml", library)


def sphere_network(library: ropkit.Library, radius: float = 1.0) -> ropkit.Network:
    """A sphere at the origin seen from (0, 0, 5), built from Python calls."""
    net = ropkit.Network(library)
    net.add("sphere", "/scene/sphere1", Radius=radius)
    net.add("lookAtCamera", "/cam", Position=(0, 0, 5), Target=[0, 0, 0])
    net.add("raymarchRender3D", "/render")
    net.connect("/scene/sphere1", "/render", "scene")
    net.connect("/cam", "/render", "camera")
    return net


@pytest.fixture
def user_rops(tmp_path: pathlib.Path) -> pathlib.Path:
    """A folder with a copy of the built-in sphere as the user ROP ``mySphere``."""
    folder = tmp_path / "rops" / "sdf" / "mySphere"
    shutil.copytree(ROOT / "rops" / "sdf" / "sphere", folder)
    yaml = folder / "rop.yaml"
    yaml.write_text(yaml.read_text().replace("name: sphere", "name: mySphere", 1))
    return tmp_path / "rops"
