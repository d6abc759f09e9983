"""Work spread out: one analysis's batch split across helper processes on every core,
and independent jobs on a Dask cluster, a local process pool, or one after another.
"""
