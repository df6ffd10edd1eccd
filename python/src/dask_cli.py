"""``python -m ropkit.dask``: the render farm from the command line.

Run in the namespace of ``ropkit.dask`` (see ``dask.rs``). Each command
connects to a scheduler (``--scheduler tcp://HOST:8786``, or the
``DASK_SCHEDULER_ADDRESS`` environment variable; ``local`` starts a
LocalCluster on this machine), shows Dask's progress bar and writes what
``ropkit render`` or ``ropkit mesh`` would::

    python -m ropkit.dask --scheduler tcp://head:8786 render scene.yaml \\
        --frames 1..240 --size 1920x1080 -o out/frame.png --chunk 4
    python -m ropkit.dask tiles scene.yaml --size 16384x16384 --tiles 4x4 -o poster.png
    python -m ropkit.dask sweep scene.yaml --param /scene/sphere1.Radius=0.5,1,1.5 \\
        --size 256x256 --buffers color,depth -o dataset
    python -m ropkit.dask mesh scene.yaml --resolution 512 --bricks 4x4x4 -o scene.glb
"""


def _pair(text, sep="x", count=2, what="size"):
    parts = text.lower().split(sep)
    try:
        values = [int(p) for p in parts]
    except ValueError:
        values = []
    if len(values) != count or min(values) < 1:
        shape = sep.join(["N"] * count)
        raise SystemExit(f"error: --{what} {text!r}: give {shape} with whole numbers of 1 or more")
    return values


def _cli_frames(text):
    """``A..B`` (both included, as ``ropkit render --frames``) or ``N``."""
    first, dots, last = text.partition("..")
    try:
        a = int(first)
        b = int(last) if dots else a
    except ValueError:
        raise SystemExit(f"error: --frames {text!r}: give A..B (both included) or one frame") from None
    if b < a:
        raise SystemExit(f"error: --frames {text!r}: the last frame is before the first")
    return range(a, b + 1)


def _number(text):
    try:
        return int(text)
    except ValueError:
        pass
    try:
        return float(text)
    except ValueError:
        return text


def _params(items):
    """``TARGET=V1,V2,...`` pairs as a sweep's dict of lists; a vector value
    is written with spaces (``/cam.Position=0 0 5,0 1 5``)."""
    params = {}
    for item in items:
        target, eq, values = item.partition("=")
        if not eq or not target or not values:
            raise SystemExit(f"error: --param {item!r}: give TARGET=V1,V2,...")
        params[target] = [
            [_number(x) for x in v.split()] if len(v.split()) > 1 else _number(v.strip())
            for v in values.split(",")
        ]
    return params


def _parser():
    import argparse

    p = argparse.ArgumentParser(
        prog="python -m ropkit.dask",
        description="Render frames, tiles, parameter sweeps and meshes of a ropkit "
        "network on a Dask cluster.",
    )
    p.add_argument(
        "--scheduler",
        default=os.environ.get("DASK_SCHEDULER_ADDRESS"),
        help="the scheduler's address (tcp://HOST:8786; default $DASK_SCHEDULER_ADDRESS), "
        "or 'local' for a LocalCluster on this machine",
    )
    p.add_argument("--workers", type=int, default=1, help="worker processes of a local cluster")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    sub = p.add_subparsers(dest="command", required=True)

    r = sub.add_parser("render", help="frames, as ropkit render --frames writes them")
    r.add_argument("network")
    r.add_argument("--frames", required=True, help="A..B, both included")
    r.add_argument("--size", default="512x512", help="WxH")
    r.add_argument("-o", "--output", required=True, help="DIR/NAME.png: writes DIR/NAME_0001.png...")
    r.add_argument("--fps", type=float, default=30.0)
    r.add_argument("--chunk", type=int, default=1, help="frames per task")
    r.add_argument("--buffer", help="a buffer of a raymarch output (as ropkit render --buffer)")

    t = sub.add_parser("tiles", help="one large picture in tiles")
    t.add_argument("network")
    t.add_argument("--size", required=True, help="WxH")
    t.add_argument("--tiles", default="2x2", help="columns x rows")
    t.add_argument("-o", "--output", required=True, help="a .png file")
    t.add_argument("--time", type=float, default=0.0)
    t.add_argument("--buffer")

    s = sub.add_parser("sweep", help="a parameter sweep: every combination of the values")
    s.add_argument("network")
    s.add_argument("--param", action="append", required=True, help="TARGET=V1,V2,... (repeatable)")
    s.add_argument("--size", default="256x256", help="WxH")
    s.add_argument("--buffers", default="color", help="comma-separated buffers")
    s.add_argument("-o", "--output", required=True, help="the folder for the files and sweep.parquet")
    s.add_argument("--chunk", type=int, default=1, help="rows per task")

    m = sub.add_parser("mesh", help="a mesh made in bricks and stitched here")
    m.add_argument("network")
    m.add_argument("--resolution", type=int, default=128)
    m.add_argument("--bricks", default="2x2x2", help="NXxNYxNZ")
    m.add_argument("-o", "--output", required=True, help="a .glb, .obj, .stl or .ply file")
    m.add_argument("--node")
    return p


def _connect(args):
    from distributed import Client, LocalCluster

    if not args.scheduler:
        raise SystemExit(
            "error: no scheduler: give --scheduler tcp://HOST:8786 (or 'local'), "
            "or set DASK_SCHEDULER_ADDRESS"
        )
    if args.scheduler == "local":
        cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True)
        return Client(cluster), cluster
    return Client(args.scheduler), None


def _run(args, client):
    network = _ropkit.Network.load(args.network)
    progress = not args.quiet
    if args.command == "render":
        out_dir, base = os.path.split(args.output)
        name, ext = os.path.splitext(base)
        data = ext.lower() == ".exr"
        paths = render_frames(
            network, _cli_frames(args.frames), _pair(args.size), out_dir or ".", fps=args.fps,
            buffer=args.buffer, data=data, name=name or "frame", chunk=args.chunk,
            client=client, progress=progress,
        )
        return f"wrote {len(paths)} frames to {out_dir or '.'}"
    if args.command == "tiles":
        size = _pair(args.size)
        render_tiles(
            network, size, _pair(args.tiles, what="tiles"), args.output, time=args.time,
            buffer=args.buffer, client=client, progress=progress,
        )
        return f"wrote {args.output} ({size[0]}x{size[1]})"
    if args.command == "sweep":
        table = sweep(
            network, _params(args.param), _pair(args.size),
            buffers=[b for b in args.buffers.split(",") if b], out_dir=args.output,
            chunk=args.chunk, client=client, progress=progress,
        )
        return f"wrote {table}"
    vertices, faces, _, _, info = mesh(
        network, args.resolution, _pair(args.bricks, count=3, what="bricks"), args.output,
        node=args.node, client=client, info=True, progress=progress,
    )
    return (
        f"wrote {args.output}: {len(vertices)} vertices, {len(faces)} triangles, "
        f"{'closed' if info['closed'] else 'open'}, Euler characteristic {info['euler']}"
    )


def main(argv=None):
    """The command line; returns the exit status."""
    import sys

    args = _parser().parse_args(argv)
    client, cluster = _connect(args)
    try:
        print(_run(args, client))
        return 0
    except (_ropkit.RopError, ValueError, OSError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


class _MainLoader:
    """Lets ``python -m ropkit.dask`` run :func:`main`: the module lives in
    the extension, so ``runpy`` is given this code in place of a file."""

    def get_code(self, name):
        # Worker processes that multiprocessing spawns run this again as
        # ``__mp_main__``: only the command itself runs main.
        code = 'import sys, ropkit.dask\nif __name__ == "__main__":\n    sys.exit(ropkit.dask.main())\n'
        return compile(code, "ropkit/dask.py", "exec")

    def create_module(self, spec):
        return None

    def exec_module(self, module):
        exec(self.get_code(module.__name__), module.__dict__)


def _install_main():
    import importlib.machinery
    import warnings

    globals()["__spec__"] = importlib.machinery.ModuleSpec(
        "ropkit.dask", _MainLoader(), origin="ropkit/dask.py"
    )
    # runpy warns that a module it runs was imported with its package,
    # which is how this one always is.
    warnings.filterwarnings(
        "ignore", message="'ropkit.dask' found in sys.modules", category=RuntimeWarning
    )
