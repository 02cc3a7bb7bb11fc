"""Adapters to research frameworks: OpenSpiel, PettingZoo and Gymnasium.

Each adapter is an optional extra and is imported on its own, so riverbox never needs the
frameworks it does not use::

    import riverbox.integrations.openspiel   # registers riverbox_<game> pyspiel games
    import riverbox.integrations.pettingzoo  # env(game, players=...) AEC environments
    import riverbox.integrations.gymnasium   # registers riverbox/RiverWild-v0

All three work against the Game/State contract only (docs/design.md section 2), so a new game is
available in every framework as soon as it is registered.
"""
