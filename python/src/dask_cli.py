"""``python -m ropkit.dask``: the command line."""
