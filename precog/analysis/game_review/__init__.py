"""The review of a finished game: each decision of one seat against the best choice,
the other decisions (Action phase, Protectors, losses, River, cooperative steps), and
every seat's expected score and chance to win round by round.

- ``review``: the review of a game (``review_game``, ``iter_review``) and its marks;
- ``review_actions``: the decisions other than a Keep/Give, every option valued on paired
  playouts;
- ``review_odds``: the graph's point at each Keep/Give (every seat's score and chance to win);
- ``step_ranking``: one such decision's options ranked (the Play hint at such a decision).
"""
