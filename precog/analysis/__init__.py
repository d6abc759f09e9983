"""Strategy analysis for precog: look-ahead trees, ranked Keep/Give choices, trajectories, bots.

Everything here uses only the engine's public API and only what the analysing seat may
observe (``observation``, ``determinize``); docs/analysis.md explains every number.

Public API (names and shapes the explorer relies on):

``precog.analysis.search.tree``
    ``build_tree(state, player, model="uniform"|"worst"|"bot", depth_rounds=2,
    evaluation=None, rollouts=0, seed=0, progress=None, cancel=None, worlds=None,
    budget_s=None, leaf_values="fit"|"playouts", leaf_playouts=8) -> TreeNode``.
    ``TreeNode`` is a dataclass: ``id``, ``edge`` (the edge
    from the parent as data, :mod:`precog.analysis.basics.edges`; ``label`` is its notation),
    ``kind`` ("decision"|"opponent"|"chance"|"plan"|"leaf"),
    ``probability`` (of that edge), ``value`` (the one value, Healthy Humans expected at the
    end) and ``ci95`` (its 95 % half-width), ``resources`` (food,
    batteries, healthy, contaminated, doctors, protectors, bane of the analysing seat),
    ``children``, ``principal``, ``position`` (position string of the sampled world there),
    ``meta``; ``expandable`` / ``expand(node)`` build collapsed children on demand;
    ``render_tree_text(node, max_depth)``; ``iter_nodes``; ``principal_line``; ``choice_of``;
    ``default_worlds(state, depth_rounds, player)`` (3 to 12 sampled worlds: as many as keep
    the second round's work near 120 first-round ends times worlds; 8 at least where the
    tree plays the game to its end).
``precog.analysis.basics.edges``
    what the analysis says, as small frozen records (never sentences): ``Start``,
    ``Chosen``, ``Arrives``, ``Plan``, ``RiverTile``, ``Draw`` (the tree's edges and the
    principal line) and ``Stage`` (progress); ``precog.session.lines`` says them in words.
``precog.analysis.choices.ranking``
    ``rank_options(state, player, model=..., rollouts=0, seed=0, budget_s=None,
    progress=None, cancel=None) -> Ranking``; ``Ranking.rows`` (``choice``, ``keep``,
    ``give``, ``action``, ``value``, ``loss``, ``ci95``, ``line`` (edges) and
    ``principal_line`` (its notation), ``return_chance``,
    ``give_value_to_left``, ``samples``), ``Ranking.meta`` (model, seed, samples, elapsed_s),
    ``Ranking.table()``, ``Ranking.to_dict()``.
``precog.analysis.choices.trajectories``
    ``trajectories(state, player, choices, model, rollouts, seed, to_end=False) -> dict``:
    per choice, per resource: ``mean``, ``p10``, ``p90`` lists over ``rounds``;
    ``feeding_rounds``.
``precog.analysis.choices.plots``
    ``trajectory_figure(data, resources=[...], names=, labels=, hover=) ->
    plotly.graph_objects.Figure`` (plotly is imported there only; the keywords carry the
    reader's words).
``precog.analysis.playing.players``
    the one bot protocol ``Player.choose(observation, legal, sample_world) -> action``;
    ``ask(player, state, seat)`` (the one adapter: observation, legal actions, a world sampler
    bound to ``determinize``); ``as_policy``; ``first_legal`` (``done`` in a cooperative
    Objective step); ``random_policy``; ``until_seat``. ``Policy`` is the engine's
    ``policy(state, seat) -> action``, played by ``precog.engine.playout.play_on``.
``precog.analysis.arena.bots`` (Random and Greedy from ``precog.analysis.playing.basic_bots``)
    ``RandomBot``, ``GreedyBot``, ``PolicyBot`` (the sensible player), ``LookaheadBot``,
    ``RolloutBot``,
    ``make_bot(name, seed)``, ``play_game(bots, seed, **setup)``.
``precog.analysis.playing.rounds``
    ``RoundPlayer``: one seat's round in sampled worlds (best plan after a choice, cached per
    Boat; a choice played to the round's end), shared by the tree and the trajectories;
    ``round_values``.
``precog.analysis.arena.tournament``
    ``run_tournament(bots, games, seed, players, mode, setup, difficulty, workers)``.
``precog.analysis.playing.policy`` / ``precog.analysis.playouts.rollouts`` /
``precog.analysis.playouts.batch``
    ``SensiblePolicy`` (the playout policy, ``rollouts.DEFAULT_POLICY``), ``RandomPolicy``
    (the random baseline, formerly ``RolloutPolicy``), ``play_out`` (engine), ``batch.run``
    (numpy, the same results, every mode), ``rollout_value``, ``mean_ci``.
``precog.analysis.fitted.value``
    the one value every analysis shows: ``expected_final(state, seat)`` (Healthy Humans
    expected at the end under the sensible player; the tree's leaves), ``leaf_error(state)``
    (its held-out error), ``features``, ``shipped_fit()`` (``precog/data/evaluation_fit.toml``,
    refit with ``scripts/fit_evaluation.py``).
``precog.analysis.basics.checks``
    argument checks of the entry points (``AnalysisInputError`` names the argument and range).
``precog.analysis.projection.evaluation``
    ``evaluate(state, seat)`` (the hand-made projection, which the fitted value rescales),
    ``explain(state, seat)`` (its terms), ``Weights``.
``precog.analysis.basics.budget``
    ``Budget(seconds, samples, cancel, progress)``; ``Progress`` is
    ``progress(fraction, stage)`` (an ``edges.Stage``); ``Cancel`` a ``threading.Event``
    or a callable.
``precog.analysis.arena.openspiel_game`` (needs the ``openspiel`` extra)
    the OpenSpiel games ``python_precog`` / ``python_precog_turns`` and ``SpielPlayer``.

Bad requests raise ``precog.analysis.playing.world.AnalysisError`` (a ``PrecogError``) saying why;
bad arguments its subclass ``precog.analysis.basics.errors.AnalysisInputError``.
"""
