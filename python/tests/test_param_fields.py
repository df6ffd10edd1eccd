"""Fields on parameters and the runtime switch, from Python."""

import numpy as np
import pytest

import ropkit
from conftest import sphere_network


def test_a_field_connects_to_a_parameter_socket_like_any_input(gpu, library):
    net = sphere_network(library, radius=0.8)
    net.add("constant", "/f", Value=0.5)
    before = net.render(32, 32)
    # A float field on a vector parameter fills every component.
    net.connect("/f", "/scene/sphere1", "Translate")
    driven = net.render(32, 32)
    direct = sphere_network(library, radius=0.8)
    direct.set("/scene/sphere1.Translate", (0.5, 0.5, 0.5))
    want = direct.render(32, 32)
    assert np.abs(driven.astype(int) - want.astype(int)).max() <= 1
    assert (before != driven).any(), "the field moved the sphere"


def test_a_parameter_that_takes_no_field_is_refused_by_name(library):
    net = ropkit.Network(library)
    net.add("combine", "/c")
    net.add("constant", "/f")
    with pytest.raises(ropkit.NetworkError, match="parameter 'Mode' of ROP combine cannot be driven by a field"):
        net.connect("/f", "/c", "Mode")


def switch_network(library, rop):
    net = ropkit.Network(library)
    net.add("sphere", "/a", Radius=0.9)
    net.add("box", "/b", Size=(1.8, 0.4, 1.8))
    net.add(rop, "/sw")
    net.connect("/a", "/sw", 1)
    net.connect("/b", "/sw", 2)
    net.add("lookAtCamera", "/cam", Position=(0, 1, 5), Target=[0, 0, 0])
    net.add("raymarchRender3D", "/render")
    net.connect("/sw", "/render", "scene")
    net.connect("/cam", "/render", "camera")
    return net


def test_a_runtime_switch_changes_the_picture_without_a_rebuild(gpu, library):
    net = switch_network(library, "runtimeSwitch")
    first = net.render(32, 32)
    builds = net.stats["shader_builds"]
    net.set("/sw.Index", 1)
    second = net.render(32, 32)
    assert net.stats["shader_builds"] == builds, "a new Index is a uniform write"
    assert (first != second).any()
    # The same pictures as the compiled-in switch, which rebuilds.
    compiled = switch_network(library, "switch")
    assert np.abs(compiled.render(32, 32).astype(int) - first.astype(int)).max() <= 1
    builds = compiled.stats["shader_builds"]
    compiled.set("/sw.Index", 1)
    assert np.abs(compiled.render(32, 32).astype(int) - second.astype(int)).max() <= 1
    assert compiled.stats["shader_builds"] == builds + 1
