"""Games played to the end: rollouts through the engine, the numpy batch that plays
thousands at once the same way (the cooperative mode, the sensible player, the deal of
many worlds), and the differential check that holds the batch to the engine stage by
stage.

Which file holds what (each batch function's docstring names, in a "Mirrors" line, the
engine function or the sensible player's judgement it mirrors):

* ``rollouts.py``: one playout through the engine (``play_out``), the random baseline, the
  rollouts' values; ``uniform_row.py``: which uniform of a row each decision reads.
* ``batch.py``: the batch's entry (``run``, ``run_dealt``, ``seat_values``, ``Finals``) and
  ``Batch``, the round stage by stage (``precog.engine.playout.play_on``); every public
  name of the files below is importable from it as well.
* ``batch_tables.py``: cards, River tiles and pairs of cards as arrays
  (``precog.engine.components.Components``, ``precog.engine.machines.resolved_costs``).
* ``batch_machines.py``: Machine conditions and pairs of Machine Rooms as lookup tables
  (``precog.engine.machines.condition_met``).
* ``batch_state.py``: ``BatchState``, a batch's arrays loaded from its starts or from
  ``Dealt`` worlds, and the uniform each decision reads
  (``precog.engine.state.GameState``).
* ``batch_decision.py``: the Decision phase, every seat's Keep/Give
  (``precog.engine.decision.play``).
* ``batch_action.py``: the Action phase, activation and the Machines' effects
  (``precog.engine.action_phase.play``, ``precog.engine.action_phase.machine_effects``).
* ``batch_gains.py``: gains on offer placed kind by kind, the Doctors' healing
  (``precog.engine.gains.offer``, ``precog.engine.gains.heal``).
* ``batch_maintenance.py``: Maintenance, the River and Islands' feeding, the discard and the
  draw (``precog.engine.maintenance.begin_maintenance``, ``begin_river``, ``end_round``).
* ``batch_objectives.py``: the cooperative Objective tiles as arrays, what the players hold
  against them and can pay (``precog.engine.scoring.requirement_met``,
  ``precog.engine.action_phase.why_illegal``).
* ``batch_coop.py``: the cooperative steps: Objective steps after a seat's gains and in the
  team window, the Islands' checks, the last check's chance, the seasons' supplies
  (``precog.engine.action_phase.after_gains``, ``precog.engine.scoring.check_objectives``,
  ``precog.engine.maintenance.coop_supplies``).
* ``batch_policy.py``: the sensible player's judgements in numpy
  (``precog.analysis.playing.policy``, ``precog.analysis.playing.policy_points``).
* ``many_worlds.py``: a seat's sampled worlds dealt straight into arrays
  (``precog.engine.observation.WorldSampler``).
* ``differential.py``: the batch and the engine compared after every stage
  (``scripts/differential.py``, tests/analysis/test_batch_matches_engine_at_every_stage.py).
"""
