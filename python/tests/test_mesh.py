"""Meshing from Python: the arrays, their topology, and the errors."""

import collections

import numpy as np
import pytest

import ropkit
from conftest import PRESETS, sphere_network


def edge_counts(faces: np.ndarray) -> collections.Counter:
    directed = collections.Counter()
    for a, b, c in faces.tolist():
        for e in ((a, b), (b, c), (c, a)):
            directed[e] += 1
    return directed


def test_mesh_of_a_sphere_is_closed_and_accurate(gpu, library):
    net = sphere_network(library, radius=1.0)
    vertices, faces, normals, colors = net.mesh(resolution=24)
    assert vertices.dtype == np.float32 and vertices.ndim == 2 and vertices.shape[1] == 3
    assert faces.dtype == np.uint32 and faces.shape[1] == 3
    assert normals.shape == vertices.shape and normals.dtype == np.float32
    assert colors.shape == vertices.shape and colors.dtype == np.float32
    assert faces.max() < len(vertices)
    # Closed and oriented: each directed edge once, and its reverse present.
    edges = edge_counts(faces)
    assert all(n == 1 for n in edges.values())
    assert all((b, a) in edges for a, b in edges)
    # Euler characteristic of a sphere.
    assert len(vertices) - len(edges) // 2 + len(faces) == 2
    # Vertices on the unit sphere (within half a cell), normals radial and unit.
    radius = np.linalg.norm(vertices, axis=1)
    cell = (radius.max() * 2 * 1.1) / 24
    assert np.abs(radius - 1.0).max() < 0.5 * cell
    np.testing.assert_allclose(np.linalg.norm(normals, axis=1), 1.0, atol=1e-3)
    assert (np.sum(normals * vertices, axis=1) / radius).min() > 0.99
    # Positive signed volume near 4/3 pi.
    a, b, c = (vertices[faces[:, k]].astype(np.float64) for k in range(3))
    volume = np.einsum("ij,ij->i", a, np.cross(b, c)).sum() / 6.0
    assert volume == pytest.approx(4.0 / 3.0 * np.pi, rel=0.03)
    # No material: the default grey.
    np.testing.assert_allclose(colors, 0.75, atol=0.02)


def test_mesh_with_bounds_and_node(gpu, library):
    net = ropkit.Network.load(PRESETS / "default.yaml", library)
    vertices, faces, _, colors = net.mesh(
        resolution=16, bounds=[-2, -1, -2, 1, 3, 2], node="/scene/red"
    )
    assert len(faces) > 0
    # Only the red sphere, with its material's colour.
    assert vertices[:, 0].max() < 0.5
    np.testing.assert_allclose(colors.mean(axis=0), [0.8, 0.1, 0.05], atol=0.03)


def test_mesh_errors(gpu, library):
    net = sphere_network(library)
    with pytest.raises(ValueError, match="resolution"):
        net.mesh(resolution=100000)
    with pytest.raises(ValueError, match="six numbers"):
        net.mesh(bounds=[0, 0, 0, 1])
    with pytest.raises(ropkit.RenderError, match="no surface"):
        net.mesh(resolution=8, bounds=[3, 3, 3, 4, 4, 4])


def test_mesh_bricks_put_their_vertices_where_the_whole_mesh_does(library, gpu):
    # Two bricks of a 64-cell grid (4 blocks of 16 cells a side), split at x = 0.
    net = sphere_network(library)
    bounds = [-1.5, -1.5, -1.5, 1.5, 1.5, 1.5]
    whole, faces, _, _ = net.mesh(64, bounds)
    key = lambda v: {tuple(x) for x in v.view(np.uint32)}  # bit for bit
    union = set()
    for blocks in ([0, 0, 0, 2, 4, 4], [2, 0, 0, 4, 4, 4]):
        v, f, _, _ = net.mesh(64, bounds, blocks=blocks)
        assert len(f) > 0 and key(v) <= key(whole), blocks
        # Each brick keeps to its half of the sphere (with a cell of margin).
        side = 1 if blocks[0] == 0 else -1
        assert (v[:, 0] * side <= 3.0 / 64 + 1e-6).all(), blocks
        union |= key(v)
    assert union == key(whole)
    # A brick beyond the surface is empty, not an error.
    v, f, _, _ = net.mesh(64, [-1.5, -1.5, -1.5, 4.5, 1.5, 1.5], blocks=[3, 0, 0, 4, 4, 4])
    assert len(v) == 0 and len(f) == 0
    with pytest.raises(ValueError):
        net.mesh(64, bounds, blocks=[1, 0, 0, 1, 4, 4])
