"""Games played to the end: rollouts through the engine, the numpy batch that plays
thousands at once the same way (the cooperative mode, the sensible player, the deal of
many worlds), and the differential check that holds the batch to the engine stage by
stage.
"""
