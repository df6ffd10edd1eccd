"""Render frames, tiles of one big picture, parameter sweeps, meshes in
bricks and samples of a scene on a Dask cluster (``dask.distributed``);
``python -m ropkit.dask`` does the same from a shell.

A network travels as content: its file, the ROP folders it uses, the
shader library when it is read from disk, and its textures, as bytes
(:func:`pack`). A worker writes them into a folder of its own and rebuilds
the network there, so it needs no file of the caller's machine. Each worker
keeps the rebuilt network, and a pipeline per buffer, between tasks, keyed
by the content's hash.

Every function takes ``client=None`` (the current client, as
``distributed.get_client()`` finds it) and returns when the job is done.
Results are gathered on the caller: pictures are the same bytes one
process draws (``ropkit render``), samples the same floats.

This module is compiled into the ``ropkit`` extension, with the parts run
in its namespace: ``dask_sweep.py`` (:func:`sweep`), ``dask_mesh.py``
(:func:`mesh`) and ``dask_cli.py`` (:func:`main`). ``dask[distributed]``
is needed only to call it, pyarrow for a sweep's table (``pip install
"ropkit[dask]"``).
"""

import atexit
import hashlib
import os
import shutil
import tempfile
import threading

__all__ = [
    "Package",
    "pack",
    "render_frames",
    "render_tiles",
    "sample",
    "sweep",
    "mesh",
    "topology",
    "main",
]

# The ropkit extension module, set by ``_install`` when it loads.
_ropkit = None


def _install(module):
    """Called by the extension as it loads: keeps a handle on it and makes
    its networks picklable (as content, see :func:`pack`)."""
    import copyreg

    global _ropkit
    _ropkit = module
    copyreg.pickle(module.Network, _reduce_network)
    _install_main()  # python -m ropkit.dask (dask_cli.py)


def _reduce_network(network):
    return (_unpickle_network, (pack(network),))


def _unpickle_network(package):
    # A fresh network each time: pickling gives an independent copy.
    return package.network(cached=False)


class Package:
    """A network with everything it needs to build elsewhere, as bytes.

    ``key`` is a hash of the content: equal networks with equal ROPs give
    equal keys, which workers cache their rebuilt networks by.
    """

    def __init__(self, content):
        self.content = content
        digest = hashlib.sha256()
        for part in (
            content["version"],
            content["name"],
            repr(content["builtin"]),
            repr(sorted(content["folders"].items())),
        ):
            digest.update(part.encode() + b"\0")
        digest.update(content["text"] + b"\0")
        for name in sorted(content["files"]):
            data = content["files"][name]
            digest.update(name.encode() + b"\0" + str(len(data)).encode() + b"\0" + data)
        self.key = digest.hexdigest()

    def __repr__(self):
        size = sum(len(v) for v in self.content["files"].values()) + len(self.content["text"])
        return (
            f"<ropkit.dask.Package {self.content['name']} {self.key[:12]}: "
            f"{len(self.content['files'])} files, {size} bytes>"
        )

    def __getstate__(self):
        return self.content

    def __setstate__(self, content):
        self.__init__(content)

    def network(self, cached=True):
        """The network rebuilt from the content in a folder of this process
        (removed when it exits). With ``cached`` the same network object is
        returned for the same key; treat it as read-only."""
        return _worker_network(self, cached)


def pack(network):
    """The content of ``network`` (a :class:`ropkit.Network`) as a
    :class:`Package`. Raises :class:`ropkit.LibraryError` when a file it
    needs cannot be read."""
    return Package(_ropkit._network_content(network))


# --- the worker's side -------------------------------------------------------

_lock = threading.Lock()
# key -> (folder, library); key -> network; (key, buffer, data) -> (Frames, lock)
_folders = {}
_networks = {}
_frames = {}


def _cleanup():
    for folder, _ in _folders.values():
        shutil.rmtree(folder, ignore_errors=True)


atexit.register(_cleanup)

# A worker's folders are named for its process (ropkit-net-PID-...). A
# worker that is killed (as a cluster stops its workers) never runs the
# cleanup above, so each process sweeps, once, the folders of processes
# that are gone.
_PREFIX = "ropkit-net-"
_swept = False


def _alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # someone else's process: alive
    return True


def _sweep_stale():
    global _swept
    if _swept:
        return
    _swept = True
    root = tempfile.gettempdir()
    try:
        names = os.listdir(root)
    except OSError:
        return
    for name in names:
        if not name.startswith(_PREFIX):
            continue
        pid = name[len(_PREFIX):].split("-", 1)[0]
        if pid.isdigit() and int(pid) != os.getpid() and not _alive(int(pid)):
            shutil.rmtree(os.path.join(root, name), ignore_errors=True)


def _safe_join(root, relative):
    """``root/relative`` for a relative path of the content, refused when it
    would leave ``root``."""
    parts = relative.split("/")
    if not relative or any(p in ("", ".", "..") or os.sep in p for p in parts):
        raise ValueError(f"bad path in network content: {relative!r}")
    return os.path.join(root, *parts)


def _unpack(package):
    """The folder and library of ``package`` in this process, made once."""
    with _lock:
        if package.key in _folders:
            return _folders[package.key]
        content = package.content
        if content["version"] != _ropkit.__version__:
            raise RuntimeError(
                f"{content['source']}: packed by ropkit {content['version']}, "
                f"this worker has {_ropkit.__version__}"
            )
        _sweep_stale()
        folder = tempfile.mkdtemp(prefix=f"{_PREFIX}{os.getpid()}-")
        try:
            for relative, data in content["files"].items():
                path = _safe_join(folder, relative)
                os.makedirs(os.path.dirname(path), exist_ok=True)
                with open(path, "wb") as f:
                    f.write(data)
            os.makedirs(os.path.join(folder, "net"), exist_ok=True)
            with open(_safe_join(folder, "net/" + content["name"]), "wb") as f:
                f.write(content["text"])
            extras = sorted(
                int(prefix.split("/")[1])
                for prefix in content["folders"]
                if prefix.startswith("extra/")
            )
            paths = [os.path.join(folder, "extra", str(k)) for k in extras]
            library = _ropkit.Library.at(folder, paths)
        except BaseException:
            shutil.rmtree(folder, ignore_errors=True)
            raise
        _folders[package.key] = (folder, library)
        return folder, library


def _worker_network(package, cached=True):
    if cached and package.key in _networks:
        return _networks[package.key]
    folder, library = _unpack(package)
    path = os.path.join(folder, "net", package.content["name"])
    network = _ropkit.Network.load(path, library)
    if cached:
        with _lock:
            network = _networks.setdefault(package.key, network)
    return network


def _worker_frames(package, buffer, data):
    """The worker's pipeline for this network and buffer, built once."""
    key = (package.key, buffer, data)
    with _lock:
        found = _frames.get(key)
    if found is None:
        frames = _ropkit.Frames(_worker_network(package), buffer=buffer, data=data)
        with _lock:
            found = _frames.setdefault(key, (frames, threading.Lock()))
    return found


def _reworded(error, package, where):
    """``error`` of a worker as the caller reads it: the network named by
    its file on the caller's machine rather than the worker's copy, and
    ``where`` (the frame, tile or chunk) in front. With ``package`` None
    (an error raised on the caller) only ``where`` is added."""
    text = str(error)
    found = _folders.get(package.key) if package is not None else None
    if found is not None:
        copy = os.path.join(found[0], "net", package.content["name"])
        text = text.replace(copy, package.content["source"])
    try:
        new = type(error)(f"{where}: {text}")
    except Exception:
        return error
    # The located fields stay, the file named as the caller knows it.
    for name in ("file", "line", "col", "node", "message"):
        value = getattr(error, name, None)
        if name == "file" and found is not None and value is not None:
            value = str(value).replace(copy, package.content["source"])
        try:
            setattr(new, name, value)
        except AttributeError:
            pass
    return new


def _draw_frames(package, buffer, data, size, items, encode):
    """Frames ``items`` (pairs of frame number and time) as arrays, or as
    file bytes with ``encode``."""
    out = []
    for frame, time in items:
        try:
            frames, lock = _worker_frames(package, buffer, data)
            with lock:
                draw = frames.encode if encode else frames.render
                out.append(draw(size[0], size[1], time=time, frame=frame))
        except _ropkit.RopError as e:
            raise _reworded(e, package, f"frame {frame}") from None
    return out


def _draw_tile(package, buffer, data, size, time, frame, tile):
    try:
        frames, lock = _worker_frames(package, buffer, data)
        with lock:
            return frames.render(size[0], size[1], time=time, frame=frame, tile=tile)
    except _ropkit.RopError as e:
        raise _reworded(e, package, f"tile {tile}") from None


# key -> lock: a cached network samples for one thread at a time.
_sample_locks = {}


def _sample_chunk(package, points, first):
    import numpy as np

    # A fresh, aligned copy: an array unpickled from a message may sit at
    # any byte offset, which the sampler does not accept.
    points = np.array(points, dtype=np.float32, order="C", copy=True)
    try:
        network = _worker_network(package)
        with _lock:
            lock = _sample_locks.setdefault(package.key, threading.Lock())
        with lock:
            return network.sample(points)
    except _ropkit.RopError as e:
        raise _reworded(e, package, f"points {first}..{first + len(points)}") from None


# --- the caller's side -------------------------------------------------------


def _client(client):
    if client is not None:
        return client
    from distributed import get_client

    return get_client()


def _show(progress, futures):
    """With ``progress``, Dask's progress bar over ``futures`` (text in a
    terminal, a widget in a notebook) until they are done."""
    if progress:
        from distributed import progress as bar

        bar(futures)


def _held(data):
    return data


def _scatter(client, data):
    """``data`` (a package, an array of points) on the cluster once per
    call rather than once per task: the result of a task that returns it.
    Each worker fetches it from a peer once. Not ``client.scatter``:
    scattered data lives only on the workers (Dask's memory manager soon
    keeps a single copy), and a lost worker would take it with it for
    good; a task's result is made again from the task."""
    return client.submit(_held, data, pure=False, key=f"ropkit-data-{os.urandom(6).hex()}")


def _write_atomic(path, data):
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".ropkit-", suffix=".part")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _frame_time(frame, fps):
    # The same single-precision division ``ropkit render --frames`` makes.
    import numpy as np

    return float(np.float32(frame) / np.float32(fps))


def render_frames(
    network,
    frames,
    size,
    out_dir=None,
    *,
    fps=30.0,
    buffer=None,
    data=False,
    name="frame",
    chunk=1,
    client=None,
    progress=False,
):
    """Renders frame numbers ``frames`` of ``network`` at ``size`` (width,
    height) on the cluster, ``chunk`` frames per task, each at time
    ``frame / fps`` as ``ropkit render --frames`` draws it.

    With ``out_dir`` the frames are written there as ``NAME_0001.png``
    (``.exr`` with ``data=True``), byte for byte the files ``ropkit render
    --frames A..B -o out_dir/NAME.png`` writes, each atomically; returns
    their paths. Without it, returns the pictures as arrays (uint8 RGBA, or
    float32 with ``data=True``), in the order of ``frames``. ``buffer``
    picks a buffer of a raymarch output as ``--buffer`` does. ``progress``
    shows Dask's progress bar (the dashboard shows the tasks in any case)."""
    client = _client(client)
    frames = [int(f) for f in frames]
    if chunk < 1:
        raise ValueError(f"chunk must be 1 or more, not {chunk}")
    width, height = (int(s) for s in size)
    package = _scatter(client, pack(network))
    encode = out_dir is not None
    items = [(f, _frame_time(f, fps)) for f in frames]
    futures = [
        client.submit(
            _draw_frames,
            package,
            buffer,
            data,
            (width, height),
            items[k : k + chunk],
            encode,
            key=f"ropkit-frames-{frames[k]}-{os.urandom(6).hex()}",
            pure=False,
        )
        for k in range(0, len(items), chunk)
    ]
    _show(progress, futures)
    drawn = [x for part in client.gather(futures) for x in part]
    if not encode:
        return drawn
    os.makedirs(out_dir, exist_ok=True)
    ext = "exr" if data else "png"
    paths = []
    for frame, picture in zip(frames, drawn):
        path = os.path.join(out_dir, f"{name}_{frame:04d}.{ext}")
        _write_atomic(path, picture)
        paths.append(path)
    return paths


def _cuts(length, parts, align=1):
    """``parts`` ranges covering ``0..length``, of near-equal sizes, whose
    starts are multiples of ``align`` where that leaves none empty (else of
    2, else of 1)."""
    for a in (align, 2, 1):
        edges = [length * k // parts // a * a for k in range(parts)] + [length]
        if all(lo < hi for lo, hi in zip(edges, edges[1:])):
            return list(zip(edges, edges[1:]))
    raise ValueError(f"cannot cut {length} into {parts} parts")


def render_tiles(
    network,
    size,
    tiles=(2, 2),
    out=None,
    *,
    time=0.0,
    frame=0,
    buffer=None,
    data=False,
    client=None,
    progress=False,
):
    """Renders one ``size`` (width, height) picture of ``network`` as
    ``tiles`` (columns, rows) tiles, one task each, and assembles them:
    every tile is drawn with the whole picture's camera at its exact pixel
    offset, so the result is the picture one process draws, without
    seams. Tiles are at most 16384 pixels on a side; the picture may be
    larger. Returns the picture (uint8 (H, W, 4), or float32 with
    ``data=True``); with ``out`` also writes it there as PNG (not with
    ``data=True``)."""
    import numpy as np

    client = _client(client)
    width, height = (int(s) for s in size)
    nx, ny = (int(t) for t in tiles)
    if not (1 <= nx <= width and 1 <= ny <= height):
        raise ValueError(f"tiles {nx}x{ny} do not fit a {width}x{height} picture")
    if out is not None and data:
        raise ValueError("a data render (data=True) cannot be written as PNG")
    package = _scatter(client, pack(network))
    # Tile edges on multiples of 8 pixels: the GPU shades pixels in 2x2
    # groups (for derivatives), and an edge inside a group of the whole
    # picture could change what a derivative sees.
    rects = [
        (x0, y0, x1 - x0, y1 - y0)
        for (y0, y1) in _cuts(height, ny, 8)
        for (x0, x1) in _cuts(width, nx, 8)
    ]
    tag = os.urandom(6).hex()
    futures = [
        client.submit(
            _draw_tile,
            package,
            buffer,
            data,
            (width, height),
            float(time),
            int(frame),
            rect,
            key=f"ropkit-tile-{rect[0]}-{rect[1]}-{tag}",
            pure=False,
        )
        for rect in rects
    ]
    picture = np.zeros((height, width, 4), dtype=np.float32 if data else np.uint8)
    _show(progress, futures)
    for (x, y, w, h), part in zip(rects, client.gather(futures)):
        picture[y : y + h, x : x + w] = part
    if out is not None:
        _ropkit.save_png(out, picture)
    return picture


def sample(network, points, chunks=None, *, client=None):
    """Evaluates the scene of ``network`` at ``points`` ((N, 3), or (N, 2)
    for 2D scenes) on the cluster, ``chunks`` tasks of consecutive points
    (default: one per worker thread). Returns ``(distances, material_ids)``
    as :meth:`ropkit.Network.sample` does, in the order of ``points``."""
    import numpy as np

    client = _client(client)
    points = np.ascontiguousarray(points, dtype=np.float32)
    if points.ndim != 2:
        raise ValueError(f"points are an (N, 3) or (N, 2) array, not shape {points.shape}")
    if len(points) == 0:
        return np.zeros(0, np.float32), np.zeros(0, np.int32)
    if chunks is None:
        chunks = max(1, sum(client.nthreads().values()))
    chunks = max(1, min(int(chunks), len(points)))
    package = _scatter(client, pack(network))
    tag = os.urandom(6).hex()
    futures = [
        client.submit(
            _sample_chunk,
            package,
            points[a:b],
            a,
            key=f"ropkit-sample-{a}-{tag}",
            pure=False,
        )
        for a, b in _cuts(len(points), chunks)
    ]
    parts = client.gather(futures)
    return (
        np.concatenate([d for d, _ in parts]),
        np.concatenate([m for _, m in parts]),
    )
