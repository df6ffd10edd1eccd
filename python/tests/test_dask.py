"""ropkit.dask on a real cluster: a dask.distributed LocalCluster of two
worker processes. Each result is checked against another way to the same
answer: the files of the `ropkit render` command, a whole picture drawn in
one process, a sphere's distance formula."""

import collections
import os
import pathlib
import pickle
import shutil
import subprocess

import numpy as np
import pytest
from distributed import Client, LocalCluster

import ropkit
import ropkit.dask
from conftest import PRESETS, ROOT, sphere_network


def ropkit_command() -> pathlib.Path:
    target = pathlib.Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    path = target / "debug" / "ropkit"
    assert path.exists(), f"{path} not found: run `cargo build` first"
    return path


@pytest.fixture(scope="module")
def client(gpu):
    with LocalCluster(
        n_workers=2, processes=True, threads_per_worker=1, dashboard_address=":0"
    ) as cluster, Client(cluster) as c:
        c.wait_for_workers(2)
        yield c


def test_frames_are_the_files_ropkit_render_writes(client, library, tmp_path):
    net = ropkit.Network.load(PRESETS / "default.yaml", library)
    paths = ropkit.dask.render_frames(
        net, range(3, 7), (80, 56), tmp_path / "farm", chunk=2, client=client
    )
    assert [pathlib.Path(p).name for p in paths] == [f"frame_{f:04d}.png" for f in range(3, 7)]
    (tmp_path / "cli").mkdir()
    run = subprocess.run(
        [str(ropkit_command()), "render", str(PRESETS / "default.yaml"), "--frames", "3..6",
         "--size", "80x56", "-o", str(tmp_path / "cli" / "frame.png")],
        cwd=ROOT, capture_output=True, text=True,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    for p in paths:
        farm = pathlib.Path(p).read_bytes()
        assert farm == (tmp_path / "cli" / pathlib.Path(p).name).read_bytes(), p
    # No temporary file is left beside the frames.
    assert sorted(os.listdir(tmp_path / "farm")) == [pathlib.Path(p).name for p in paths]
    # As arrays: the same frames, not black.
    arrays = ropkit.dask.render_frames(net, [3, 6], (80, 56), client=client)
    assert [a.shape for a in arrays] == [(56, 80, 4)] * 2
    assert arrays[0][..., :3].max() > 50


def test_tiles_assemble_to_the_whole_picture(client, library, tmp_path):
    net = ropkit.Network.load(PRESETS / "default.yaml", library)
    # Odd sizes and uneven tiles: the seams would show as differing pixels.
    whole = ropkit.Frames(net).render(97, 61)
    tiled = ropkit.dask.render_tiles(net, (97, 61), (3, 2), tmp_path / "big.png", client=client)
    assert tiled.shape == (61, 97, 4) and tiled.dtype == np.uint8
    assert np.array_equal(tiled, whole), np.argwhere(tiled != whole)[:5]
    assert (tmp_path / "big.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    # Data buffers too: depth as raw floats, bit for bit.
    depth = ropkit.Frames(net, buffer="depth", data=True).render(97, 61)
    tiled = ropkit.dask.render_tiles(net, (97, 61), (2, 3), buffer="depth", data=True, client=client)
    assert tiled.dtype == np.float32
    assert np.array_equal(tiled.view(np.uint32), depth.view(np.uint32))


def test_samples_in_chunks_match_one_process_and_the_formula(client, library):
    net = sphere_network(library, radius=0.75)
    points = np.random.default_rng(7).uniform(-2, 2, (20001, 3)).astype(np.float32)
    d, ids = ropkit.dask.sample(net, points, chunks=5, client=client)
    d0, ids0 = net.sample(points)
    assert np.array_equal(d, d0) and np.array_equal(ids, ids0)
    exact = np.linalg.norm(points.astype(np.float64), axis=1) - 0.75
    assert np.abs(d - exact).max() < 1e-5


def test_a_network_whose_files_exist_only_here(client, tmp_path, user_rops):
    lib = ropkit.Library([user_rops])
    net = ropkit.Network(lib)
    net.add("mySphere", "/scene/ball", Radius=1.1)
    net.add("lookAtCamera", "/cam", Position=(0, 0, 5), Target=[0, 0, 0])
    net.add("raymarchRender3D", "/render")
    net.connect("/scene/ball", "/render", "scene")
    net.connect("/cam", "/render", "camera")
    net.save(tmp_path / "scene.yaml")
    expected = ropkit.Frames(net).render(48, 40)
    assert expected[..., :3].max() > 50, "the reference picture is black"
    package = ropkit.dask.pack(net)
    # Gone from this machine: the workers can only use what was sent.
    shutil.rmtree(user_rops)
    (tmp_path / "scene.yaml").unlink()

    def draw(package):
        network = package.network()
        return str(network.file), ropkit.Frames(network).render(48, 40)

    file, picture = client.submit(draw, package, pure=False).result()
    assert not file.startswith(str(tmp_path))
    assert np.array_equal(picture, expected)


def test_a_network_pickles_with_its_contents(library, tmp_path, user_rops):
    net = sphere_network(library)
    copy = pickle.loads(pickle.dumps(net))
    assert copy.to_dict() == net.to_dict()
    assert copy.file != net.file
    # A user ROP travels with it.
    mine = ropkit.Network(ropkit.Library([user_rops]))
    mine.add("mySphere", "/s", Radius=0.5)
    mine.add("raymarchRender3D", "/render")
    mine.connect("/s", "/render", "scene")
    again = pickle.loads(pickle.dumps(mine))
    assert again.get("/s.Radius") == 0.5
    assert np.array_equal(again.render(24, 24), mine.render(24, 24))


def test_a_network_that_does_not_build_fails_the_job(client, library):
    net = sphere_network(library)
    net.disconnect("/render", "camera")
    net.disconnect("/render", "scene")
    with pytest.raises(ropkit.NetworkError) as failed:
        ropkit.dask.render_frames(net, [0], (16, 16), client=client)
    # The caller's name for the network, the frame, and the build's error.
    assert str(failed.value).startswith("frame 0: <python>"), failed.value
    assert "required input 'scene' is not connected" in str(failed.value)


def test_a_sweep_of_12_rows_is_each_row_rendered_alone(client, library, tmp_path):
    import pandas as pd

    net = sphere_network(library)
    params = {
        "/scene/sphere1.Radius": [0.5, 0.8, 1.1, 1.4],
        "/cam.Position": [(0, 0, 5), (0, 1.5, 4.5), [2, 0, 4]],
    }
    points = np.random.default_rng(3).uniform(-2, 2, (500, 3)).astype(np.float32)
    table = ropkit.dask.sweep(
        net, params, (48, 40), buffers=("color", "depth"), points=points,
        out_dir=tmp_path / "set", chunk=5, client=client,
    )
    rows = pd.read_parquet(table)
    assert list(rows["row"]) == list(range(12))
    # Every combination, the last key fastest.
    assert list(rows["/scene/sphere1.Radius"]) == [r for r in params["/scene/sphere1.Radius"] for _ in range(3)]
    assert [list(p) for p in rows["/cam.Position"]] == [list(p) for p in params["/cam.Position"]] * 4
    names = set(os.listdir(tmp_path / "set"))
    assert len(names) == 12 * 3 + 1 and not any(n.startswith(".") for n in names)
    pictures = set()
    alone = sphere_network(library)  # one process, its parameters set per row
    for row in rows.itertuples(index=False):
        radius, position = row[1], tuple(row[2])
        alone.set("/scene/sphere1.Radius", radius)
        alone.set("/cam.Position", position)
        ropkit.save_png(tmp_path / "alone.png", alone.render(48, 40))
        color = (tmp_path / "set" / row.color).read_bytes()
        assert color == (tmp_path / "alone.png").read_bytes(), row
        depth = np.load(tmp_path / "set" / row.depth)
        expected = alone.render(48, 40, buffer="depth")
        assert np.array_equal(depth.view(np.uint32), expected.view(np.uint32)), row
        with np.load(tmp_path / "set" / row.samples) as s:
            exact = np.linalg.norm(points.astype(np.float64), axis=1) - radius
            assert np.abs(s["distance"] - exact).max() < 1e-5, row
        pictures.add(color)
    assert len(pictures) == 12, "rows with different parameters drew the same picture"


def test_a_sweep_from_a_dataframe_and_its_bad_row(client, library, tmp_path):
    import pandas as pd

    net = sphere_network(library)
    frame = pd.DataFrame({"/scene/sphere1.Radius": [0.7, 0.9, 1.3]})
    table = ropkit.dask.sweep(net, frame, (24, 24), out_dir=tmp_path / "ok", client=client)
    assert list(pd.read_parquet(table)["color"]) == [f"row_{k:05d}_color.png" for k in range(3)]
    bad = pd.DataFrame({"/scene/sphere1.Radius": [0.7, 0.9, 1.3], "/cam.Position": [(0, 0, 5), (0, 0, 4), "far"]})
    with pytest.raises(ropkit.ParamError) as failed:
        ropkit.dask.sweep(net, bad, (24, 24), out_dir=tmp_path / "bad", client=client)
    assert str(failed.value).startswith("row 2: "), failed.value
    assert "Position" in str(failed.value)
    assert not (tmp_path / "bad" / "sweep.parquet").exists()


def torus_and_box(library):
    """A torus and a box off the grid's planes: creases cross the brick borders."""
    net = ropkit.Network(library)
    net.add("torus", "/scene/t", Radius=1.0, Thickness=0.35, Axis="z")
    net.add("box", "/scene/b", Size=(1.31, 1.13, 0.93), Translate=(0.051, 0.033, 0.021))
    net.add("combine", "/scene/u", Mode="union")
    net.connect("/scene/t", "/scene/u", "a")
    net.connect("/scene/b", "/scene/u", "b")
    net.add("raymarchRender3D", "/render")
    net.connect("/scene/u", "/render", "scene")
    return net


def signed_volume(v, f):
    a, b, c = (v[f[:, k]].astype(np.float64) for k in range(3))
    return np.einsum("ij,ij->i", a, np.cross(b, c)).sum() / 6.0


def test_a_mesh_in_2x2x2_bricks_is_one_watertight_mesh(client, library, tmp_path):
    net = torus_and_box(library)
    v, f, n, c, info = ropkit.dask.mesh(
        net, 64, (2, 2, 2), tmp_path / "m.ply", client=client, info=True
    )
    assert info["blocks"] == [4, 4, 2] and info["seams"]["shared"] > 100
    # Watertight: every directed edge once and its reverse once (checked
    # here, apart from ropkit.dask.topology).
    directed = collections.Counter()
    for a, b, d in f.tolist():
        for e in ((a, b), (b, d), (d, a)):
            directed[e] += 1
    assert all(k == 1 for k in directed.values())
    assert all((b, a) in directed for a, b in directed)
    # No duplicate vertex at a border: every position once, every vertex used.
    assert len(np.unique(v.view(np.uint32), axis=0)) == len(v)
    assert len(np.unique(f)) == len(v)
    # The single-process mesh of the same grid: same topology, same volume.
    whole_v, whole_f, _, _ = net.mesh(64, info["bounds"])
    euler = lambda v, f, edges: len(v) - edges + len(f)
    whole_edges = {tuple(sorted(e)) for t in whole_f.tolist() for e in ((t[0], t[1]), (t[1], t[2]), (t[2], t[0]))}
    assert euler(v, f, len(directed) // 2) == euler(whole_v, whole_f, len(whole_edges)) == -4
    volume = signed_volume(v, f)
    assert volume == pytest.approx(signed_volume(whole_v, whole_f), rel=0.01)
    # And the volume the SDF itself encloses, counted on a grid of samples.
    lo, hi = np.array(info["bounds"][:3]), np.array(info["bounds"][3:])
    k = 72
    axes = [lo[a] + (np.arange(k) + 0.5) * (hi[a] - lo[a]) / k for a in range(3)]
    points = np.stack(np.meshgrid(*axes, indexing="ij"), axis=-1).reshape(-1, 3)
    d, _ = net.sample(points.astype(np.float32))
    counted = (d < 0).sum() * np.prod((hi - lo) / k)
    assert volume == pytest.approx(counted, rel=0.02)
    assert (tmp_path / "m.ply").read_bytes().startswith(b"ply\n")
    assert [x.dtype for x in (v, f, n, c)] == [np.float32, np.uint32, np.float32, np.float32]
    with pytest.raises(ropkit.RenderError, match="no surface"):
        ropkit.dask.mesh(net, 32, (2, 1, 1), bounds=[3, 3, 3, 5, 4, 4], client=client)


def test_a_worker_killed_in_the_middle_of_a_job(client, library, tmp_path):
    import signal
    import threading
    import time

    # A network no worker has built yet: each worker's first frame builds
    # its pipeline (seconds), which is when one of them is killed.
    net = sphere_network(library, radius=0.9123)
    pids = client.run(os.getpid)
    done = {}

    def job():
        try:
            done["paths"] = ropkit.dask.render_frames(
                net, range(10), (64, 48), tmp_path / "farm", client=client
            )
        except BaseException as e:  # handed to the test's thread
            done["error"] = e

    thread = threading.Thread(target=job)
    thread.start()
    # The victim holds the job's package (the worst case: the only copy
    # goes with it) and is drawing a frame.
    deadline = time.monotonic() + 120
    victim_address = None
    while time.monotonic() < deadline:
        holders = [a for k, v in client.who_has().items() if str(k).startswith("ropkit-data") for a in v]
        busy = client.processing()
        drawing = [a for a in holders if any(str(k).startswith("ropkit-frames") for k in busy.get(a, ()))]
        if drawing:
            victim_address = drawing[0]
            break
        time.sleep(0.02)
    else:
        pytest.fail("no holder of the package got a frame of the job")
    victim = pids[victim_address]
    os.kill(victim, signal.SIGKILL)
    thread.join(timeout=300)
    assert not thread.is_alive()
    assert "error" not in done, done.get("error")
    # Every frame, each the picture one process draws.
    frames = ropkit.Frames(net)
    for k, path in enumerate(done["paths"]):
        expected = frames.encode(64, 48, time=float(np.float32(k) / np.float32(30)), frame=k)
        assert pathlib.Path(path).read_bytes() == expected, path
    assert sorted(os.listdir(tmp_path / "farm")) == [f"frame_{k:04d}.png" for k in range(10)]
    # The nanny started a new worker in the killed one's place.
    client.wait_for_workers(2, timeout=120)
    assert victim not in client.run(os.getpid).values()


def test_the_command_line_submits_to_a_scheduler(client, library, tmp_path):
    import sys

    run = subprocess.run(
        [sys.executable, "-m", "ropkit.dask", "--scheduler", client.scheduler.address,
         "render", str(PRESETS / "default.yaml"), "--frames", "2..4", "--size", "40x32",
         "-o", str(tmp_path / "out" / "shot.png"), "--chunk", "2"],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "100% Completed" in run.stdout and "wrote 3 frames" in run.stdout, run.stdout
    assert "RuntimeWarning" not in run.stderr, run.stderr
    frames = ropkit.Frames(ropkit.Network.load(PRESETS / "default.yaml", library))
    for k in (2, 3, 4):
        expected = frames.encode(40, 32, time=float(np.float32(k) / np.float32(30)), frame=k)
        assert (tmp_path / "out" / f"shot_{k:04d}.png").read_bytes() == expected, k
    bad = subprocess.run(
        [sys.executable, "-m", "ropkit.dask", "--scheduler", client.scheduler.address,
         "render", str(tmp_path / "missing.yaml"), "--frames", "1..2", "-o", str(tmp_path / "x.png")],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )
    assert bad.returncode == 1 and "missing.yaml" in bad.stderr, bad.stderr


# pytest resets warning filters per test; the command itself hides this
# warning (checked above on the command's stderr).
@pytest.mark.filterwarnings("ignore:'ropkit.dask' found in sys.modules:RuntimeWarning")
def test_the_command_line_module_runs_main_only_as_the_command():
    import runpy

    # A process multiprocessing spawns (a LocalCluster's worker under
    # --scheduler local) runs the main module again as __mp_main__: the
    # command must not start there (it would start a cluster in the worker).
    namespace = runpy.run_module("ropkit.dask", run_name="__mp_main__")
    assert namespace["ropkit"].dask is ropkit.dask
    with pytest.raises(SystemExit) as exited:
        runpy.run_module("ropkit.dask", run_name="__main__")  # no arguments: usage
    assert exited.value.code == 2


def test_folders_of_workers_that_are_gone_are_swept(monkeypatch):
    """A worker unpacks networks into ropkit-net-PID-... folders; a worker
    that was killed leaves its folders behind, and the next process to
    unpack removes those of processes that are gone, never a live one's."""
    import sys
    import tempfile

    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    root = pathlib.Path(tempfile.gettempdir())
    stale = root / f"ropkit-net-{gone.pid}-left"
    live = root / f"ropkit-net-{os.getppid()}-kept"
    for folder in (stale, live):
        (folder / "net").mkdir(parents=True, exist_ok=True)
        (folder / "net" / "network.yaml").write_text("output: /x\n")
    try:
        monkeypatch.setattr(ropkit.dask, "_swept", False)
        ropkit.dask._sweep_stale()
        assert not stale.exists(), "a dead worker's folder is left"
        assert (live / "net" / "network.yaml").exists(), "a live process's folder was removed"
    finally:
        shutil.rmtree(stale, ignore_errors=True)
        shutil.rmtree(live, ignore_errors=True)
