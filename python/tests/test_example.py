"""The turntable example renders frames that differ, with one shader build."""

import runpy
import subprocess
import sys

import numpy as np

from conftest import ROOT


def test_turntable_writes_distinct_frames_with_one_build(gpu, tmp_path):
    out = tmp_path / "frames"
    script = ROOT / "python" / "examples" / "turntable.py"
    run = subprocess.run(
        [sys.executable, str(script), "presets/default.yaml", "--frames", "3", "--size", "48", "--out", str(out)],
        cwd=ROOT, capture_output=True, text=True,
    )
    assert run.returncode == 0, run.stderr
    frames = sorted(out.glob("frame_*.png"))
    assert [f.name for f in frames] == ["frame_0001.png", "frame_0002.png", "frame_0003.png"]
    data = [f.read_bytes() for f in frames]
    assert all(d[:8] == b"\x89PNG\r\n\x1a\n" for d in data)
    assert len(set(data)) == 3, "the camera moved between frames"
    assert "shader builds: 1," in run.stdout, run.stdout
