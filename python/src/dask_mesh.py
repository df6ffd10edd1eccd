"""``ropkit.dask.mesh``: bricks meshed on the workers, stitched here."""
