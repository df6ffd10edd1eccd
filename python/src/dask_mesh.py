"""``ropkit.dask.mesh``: a mesh made in bricks on the workers and stitched
into one on the caller.

Run in the namespace of ``ropkit.dask`` (see ``dask.rs``). Every brick is
meshed on the whole mesh's grid (the box is fixed first, by one task),
with a halo of one block around it: it keeps the triangles of the quads
its own blocks own, so every quad of the whole mesh is made by exactly one
brick, and each vertex carries a key (its cell and which polygon of the
cell) that is the same in every brick. Stitching joins vertices by key: no
crack, no duplicate at a border.
"""


def _mesh_grid(package, resolution, bounds, node):
    try:
        network = _worker_network(package)
        with _lock:
            lock = _sample_locks.setdefault(package.key, threading.Lock())
        with lock:
            return network.mesh_grid(resolution, bounds, node)
    except _ropkit.RopError as e:
        raise _reworded(e, package, "mesh bounds") from None


def _mesh_brick(package, resolution, bounds, node, blocks):
    try:
        network = _worker_network(package)
        with _lock:
            lock = _sample_locks.setdefault(package.key, threading.Lock())
        with lock:
            return network.mesh(resolution, bounds, node, blocks=blocks, keys=True)
    except _ropkit.RopError as e:
        raise _reworded(e, package, f"brick {blocks}") from None


def _key_blocks(keys, block=16):
    """The block (x, y, z) of each vertex key's cell."""
    import numpy as np

    keys = np.asarray(keys, dtype=np.uint64)
    cell = [(keys >> np.uint64(s)) & np.uint64(0xFFFF) for s in (2, 18, 34)]
    return np.stack([c.astype(np.int64) // block for c in cell], axis=1)


def _stitch(parts, ranges):
    """One mesh from bricks ``parts`` (``vertices, faces, normals, colors,
    keys`` each) meshed over block ``ranges``: vertices joined by key, each
    taken from the brick whose blocks hold its cell where that brick has
    it. Returns the four arrays and what the seams held: ``shared`` (keys
    in more than one brick) and ``differing`` (of those, keys whose bricks
    put them at different places, and the largest distance)."""
    import numpy as np

    v = np.concatenate([p[0] for p in parts]).reshape(-1, 3)
    n = np.concatenate([p[2] for p in parts]).reshape(-1, 3)
    c = np.concatenate([p[3] for p in parts]).reshape(-1, 3)
    keys = np.concatenate([p[4] for p in parts]).astype(np.uint64)
    owner = np.zeros(len(keys), dtype=bool)
    offsets = np.cumsum([0] + [len(p[0]) for p in parts])
    faces = []
    for k, (part, (lo, hi)) in enumerate(zip(parts, ranges)):
        rows = slice(offsets[k], offsets[k + 1])
        b = _key_blocks(keys[rows])
        owner[rows] = np.all((b >= lo) & (b < hi), axis=1)
        faces.append(part[1].astype(np.int64) + offsets[k])
    faces = np.concatenate(faces) if faces else np.zeros((0, 3), np.int64)
    unique, inverse = np.unique(keys, return_inverse=True)
    # One row per key: the owner's, else the first.
    order = np.lexsort((~owner, inverse))
    first = order[np.r_[True, inverse[order][1:] != inverse[order][:-1]]]
    # What the seams held: rows of one key at places that differ.
    pick = first[inverse]
    differs = np.any(v.view(np.uint32) != v[pick].view(np.uint32), axis=1)
    counts = np.bincount(inverse, minlength=len(unique))
    seams = {
        "shared": int((counts > 1).sum()),
        "differing": int(len(np.unique(inverse[differs]))),
        "largest_difference": float(np.linalg.norm(v[differs] - v[pick[differs]], axis=1).max())
        if differs.any()
        else 0.0,
    }
    # Faces on the joined vertices; vertices no face uses are dropped.
    joined = inverse[faces]
    used = np.zeros(len(unique), dtype=bool)
    used[joined.ravel()] = True
    renumber = np.cumsum(used) - 1
    rows = first[used]
    return (
        np.ascontiguousarray(v[rows], dtype=np.float32),
        renumber[joined].astype(np.uint32),
        np.ascontiguousarray(n[rows], dtype=np.float32),
        np.ascontiguousarray(c[rows], dtype=np.float32),
        seams,
    )


def topology(faces):
    """The checks ``ropkit mesh`` reports a mesh by: ``closed`` (every
    directed edge once and its reverse once: no crack, no hole, oriented
    consistently), ``euler`` (V - E + F over the vertices faces use) and
    ``duplicate_faces``."""
    import numpy as np

    faces = np.asarray(faces, dtype=np.int64)
    if len(faces) == 0:
        return {"closed": False, "euler": 0, "duplicate_faces": 0}
    directed = np.concatenate([faces[:, [0, 1]], faces[:, [1, 2]], faces[:, [2, 0]]])
    top = int(faces.max()) + 1
    code = directed[:, 0] * top + directed[:, 1]
    reverse = directed[:, 1] * top + directed[:, 0]
    codes, counts = np.unique(code, return_counts=True)
    once = bool((counts == 1).all())
    paired = bool(np.isin(reverse, codes).all())
    vertices = len(np.unique(faces))
    edges = len(np.unique(np.minimum(code, reverse)))
    sorted_faces = np.sort(faces, axis=1)
    duplicates = len(faces) - len(np.unique(sorted_faces, axis=0))
    return {
        "closed": once and paired,
        "euler": vertices - edges + len(faces),
        "duplicate_faces": duplicates,
    }


def mesh(
    network,
    resolution=128,
    bricks=(2, 2, 2),
    out=None,
    *,
    bounds=None,
    node=None,
    client=None,
    info=False,
    progress=False,
):
    """Meshes the scene of ``network`` as :meth:`ropkit.Network.mesh` does,
    on a grid of ``resolution`` cells along the longest side of ``bounds``
    (found from the SDF, by one task, when None), in ``bricks`` (nx, ny,
    nz) pieces meshed on the cluster, stitched here into one mesh without
    cracks or duplicate vertices at the brick borders. Returns
    ``(vertices, faces, normals, colors)``; with ``out`` also writes it
    there (``.glb``, ``.obj``, ``.stl``, ``.ply``, atomically). With
    ``info`` a dict follows: the grid (``bounds``, ``cells``, ``blocks``,
    ``step``), the topology (:func:`topology`) and the seams (``shared``
    vertices of several bricks, ``differing`` ones)."""
    client = _client(client)
    nb = [int(b) for b in bricks]
    if len(nb) != 3 or min(nb) < 1:
        raise ValueError(f"bricks are three counts (nx, ny, nz) of 1 or more, not {bricks}")
    if bounds is not None:
        bounds = [float(x) for x in bounds]
    package = _scatter(client, pack(network))
    grid = client.submit(
        _mesh_grid, package, int(resolution), bounds, node, pure=False
    ).result()
    blocks = grid["blocks"]
    if any(n > b for n, b in zip(nb, blocks)):
        raise ValueError(
            f"{nb[0]}x{nb[1]}x{nb[2]} bricks do not fit a grid of {blocks[0]}x{blocks[1]}x"
            f"{blocks[2]} blocks of 16 cells: raise the resolution or use fewer bricks"
        )
    cuts = [_cuts(blocks[a], nb[a]) for a in range(3)]
    ranges = [
        ((x0, y0, z0), (x1, y1, z1))
        for (z0, z1) in cuts[2]
        for (y0, y1) in cuts[1]
        for (x0, x1) in cuts[0]
    ]
    tag = os.urandom(6).hex()
    futures = [
        client.submit(
            _mesh_brick,
            package,
            int(resolution),
            grid["bounds"],
            node,
            [*lo, *hi],
            key=f"ropkit-brick-{lo[0]}-{lo[1]}-{lo[2]}-{tag}",
            pure=False,
        )
        for lo, hi in ranges
    ]
    _show(progress, futures)
    parts = client.gather(futures)
    if not any(len(p[1]) for p in parts):
        raise _ropkit.RenderError(
            f"the scene has no surface inside the bounds {grid['bounds']}: nothing to mesh"
        )
    vertices, faces, normals, colors, seams = _stitch(parts, ranges)
    if out is not None:
        _ropkit.save_mesh(out, vertices, faces, normals, colors)
    if info:
        return vertices, faces, normals, colors, {**grid, **topology(faces), "seams": seams}
    return vertices, faces, normals, colors
