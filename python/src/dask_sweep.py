"""``ropkit.dask.sweep``: a parameter sweep for synthetic datasets.

Run in the namespace of ``ropkit.dask`` (see ``dask.rs``): the helpers of
``dask.py`` (``pack``, ``_client``, ``_scatter``, ``_reworded``,
``_write_atomic``, the worker's caches) are globals here.

The table of a sweep is Parquet (written with pyarrow): one row per
parameter set with typed columns (numbers, flags, option names, vectors as
lists) and the names of its files, in one file that pandas, polars, DuckDB
and Spark read directly. Zarr suits the n-dimensional arrays themselves,
not a table of mixed columns; the pictures stay ordinary PNG files.
"""

# key -> (network, lock): the worker's own editable copy of a network for
# sweeps (the cached network of ``_worker_network`` is read-only).
_sweep_networks = {}

#: The name of a sweep's table in its folder.
SWEEP_TABLE = "sweep.parquet"


def _plain(value):
    """A parameter value as ``Network.set`` and Parquet take it: numpy
    scalars and arrays become Python numbers and lists."""
    if hasattr(value, "tolist"):
        value = value.tolist()
    if isinstance(value, tuple):
        value = list(value)
    return value


def _sweep_rows(params):
    """The rows of ``params``: a dict of lists (every combination, the last
    key changing fastest) or a pandas DataFrame (its rows). Returns the
    column names and a list of rows, each a list of plain values."""
    import itertools

    if hasattr(params, "to_dict") and hasattr(params, "columns"):
        names = [str(c) for c in params.columns]
        rows = [[_plain(v) for v in row] for row in params.itertuples(index=False, name=None)]
        return names, rows
    if not isinstance(params, dict) or not params:
        raise ValueError(
            "params is a dict of lists (every combination) or a pandas DataFrame (its rows)"
        )
    names = [str(k) for k in params]
    values = []
    for name, choices in params.items():
        if isinstance(choices, (str, bytes)) or not hasattr(choices, "__iter__"):
            raise ValueError(f"params[{name!r}] is a list of values, not {choices!r}")
        values.append([_plain(v) for v in choices])
    return names, [list(row) for row in itertools.product(*values)]


def _sweep_network(package):
    """This worker's editable copy of the package's network, and its lock."""
    with _lock:
        found = _sweep_networks.get(package.key)
    if found is None:
        network = package.network(cached=False)
        with _lock:
            found = _sweep_networks.setdefault(package.key, (network, threading.Lock()))
    return found


def _set_row(network, names, row):
    for name, value in zip(names, row):
        network.set(name, value)


def _sweep_chunk(package, names, rows, first, size, buffers, points, time):
    """Rows ``first``, ``first + 1``... of a sweep: for each, the pictures of
    ``buffers`` (PNG bytes for ``color``, float32 arrays for data buffers) and,
    with ``points``, the SDF's distances and material ids there."""
    import numpy as np

    if points is not None:
        points = np.array(points, dtype=np.float32, order="C", copy=True)
    network, lock = _sweep_network(package)
    out = []
    for k, row in enumerate(rows):
        try:
            with lock:
                _set_row(network, names, row)
                pictures = {
                    b: network.render(size[0], size[1], time=time, buffer=b) for b in buffers
                }
            if "color" in pictures:
                pictures["color"] = _png_bytes(pictures["color"])
                samples = network.sample(points) if points is not None else None
        except _ropkit.RopError as e:
            raise _reworded(e, package, f"row {first + k}") from None
        out.append((pictures, samples))
    return out


def _png_bytes(picture):
    """The PNG file of ``picture`` as bytes, made here on the worker: a
    sixth or less of the array it sends otherwise."""
    fd, tmp = tempfile.mkstemp(prefix="ropkit-row-", suffix=".png")
    os.close(fd)
    try:
        _ropkit.save_png(tmp, picture)
        with open(tmp, "rb") as f:
            return f.read()
    finally:
        os.unlink(tmp)


def _check_rows(network, names, rows):
    """Sets every row on a copy of ``network`` here, so that a parameter
    that does not exist or a value its style refuses fails before the
    cluster is asked, naming the row."""
    copy = _ropkit.Network.from_dict(network.to_dict(), network.library)
    for k, row in enumerate(rows):
        try:
            _set_row(copy, names, row)
        except _ropkit.RopError as e:
            raise _reworded(e, None, f"row {k}") from None


def _row_files(out_dir, name, k, buffers, points):
    files = {
        b: os.path.join(out_dir, f"{name}_{k:05d}_{b}.{'png' if b == 'color' else 'npy'}")
        for b in buffers
    }
    if points is not None:
        files["samples"] = os.path.join(out_dir, f"{name}_{k:05d}_samples.npz")
    return files


def _save_row(files, pictures, samples):
    """Writes one row's files, each atomically: the PNG of the colour buffer,
    ``.npy`` (float32) for a data buffer, ``.npz`` (``distance``,
    ``material``) for samples."""
    import io

    import numpy as np

    for buffer, picture in pictures.items():
        if buffer == "color":
            _write_atomic(files[buffer], picture)
        else:
            data = io.BytesIO()
            np.save(data, picture)
            _write_atomic(files[buffer], data.getvalue())
    if samples is not None:
        data = io.BytesIO()
        np.savez(data, distance=samples[0], material=samples[1])
        _write_atomic(files["samples"], data.getvalue())


def _write_table(path, names, rows, file_rows):
    """The sweep's Parquet table, written atomically: ``row``, one column per
    parameter, one per file kind (names relative to the table's folder)."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    columns = {"row": list(range(len(rows)))}
    for j, name in enumerate(names):
        columns[name] = [row[j] for row in rows]
    for kind in file_rows[0] if file_rows else ():
        columns[kind] = [os.path.basename(f[kind]) for f in file_rows]
    table = pa.table(columns)
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".ropkit-", suffix=".part")
    os.close(fd)
    try:
        pq.write_table(table, tmp)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def sweep(
    network,
    params,
    size,
    buffers=("color",),
    points=None,
    out_dir="sweep",
    *,
    time=0.0,
    name="row",
    chunk=1,
    client=None,
    progress=False,
):
    """Renders ``network`` once per row of ``params`` on the cluster:
    ``params`` maps parameter targets (``"/scene/sphere1.Radius"``) to lists
    of values, every combination a row (the last key changing fastest), or
    is a pandas DataFrame whose columns are targets and whose rows are the
    rows. Each row draws ``buffers`` (``color``, ``depth``, ``normal``,
    ``objectId``...) at ``size`` (width, height) and time ``time`` and,
    with ``points`` ((N, 3) array), samples the scene's SDF there;
    ``chunk`` rows per task.

    Writes ``out_dir/NAME_00000_color.png`` (data buffers as float32
    ``.npy``, samples as ``.npz`` with ``distance`` and ``material``), each
    file atomically, and last ``out_dir/sweep.parquet``: the column ``row``,
    one column per parameter and one per file kind (``color``, ``depth``,
    ``samples``) holding file names relative to ``out_dir``. Returns the
    table's path. A parameter that does not exist or a value it refuses
    raises before any work starts, naming the row; a ROP or build error on
    a worker raises the same exception here, naming the row."""
    import numpy as np

    import pyarrow  # noqa: F401  (fail before the work when it is missing)

    client = _client(client)
    names, rows = _sweep_rows(params)
    width, height = (int(s) for s in size)
    buffers = [str(b) for b in ([buffers] if isinstance(buffers, str) else buffers)]
    if not buffers and points is None:
        raise ValueError("nothing to do: give buffers, points or both")
    if len(set(buffers)) != len(buffers):
        raise ValueError(f"buffers {buffers} name one twice")
    if chunk < 1:
        raise ValueError(f"chunk must be 1 or more, not {chunk}")
    if points is not None:
        points = np.ascontiguousarray(points, dtype=np.float32)
        if points.ndim != 2 or points.shape[1] not in (2, 3):
            raise ValueError(f"points are an (N, 3) or (N, 2) array, not shape {points.shape}")
    _check_rows(network, names, rows)
    os.makedirs(out_dir, exist_ok=True)
    package = _scatter(client, pack(network))
    shared_points = _scatter(client, points) if points is not None else None
    tag = os.urandom(6).hex()
    futures = [
        client.submit(
            _sweep_chunk,
            package,
            names,
            rows[k : k + chunk],
            k,
            (width, height),
            buffers,
            shared_points,
            float(time),
            key=f"ropkit-sweep-{k}-{tag}",
            pure=False,
        )
        for k in range(0, len(rows), chunk)
    ]
    _show(progress, futures)
    firsts = {f.key: k for f, k in zip(futures, range(0, len(rows), chunk))}
    file_rows = [_row_files(out_dir, name, k, buffers, points) for k in range(len(rows))]
    from distributed import as_completed

    try:
        # Each chunk written as it arrives: the caller never holds the
        # whole dataset.
        for future, drawn in as_completed(futures, with_results=True):
            first = firsts[future.key]
            for k, (pictures, samples) in enumerate(drawn):
                _save_row(file_rows[first + k], pictures, samples)
    except BaseException:
        client.cancel(futures)
        raise
    table = os.path.join(out_dir, SWEEP_TABLE)
    _write_table(table, names, rows, file_rows)
    return table
