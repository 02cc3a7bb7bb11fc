"""Ravenous River (AEG 2016, designer Isaac Shalev), 2-7 players.

Each player is secretly one animal (a totem). Players take animals from a face-down row and put
them face up on the bank or into two boats of two; at the end of a round animals eat their prey
(lion > bull > horse > hound > fox > cat > mouse > lion) at the bank, in each boat and at home, and
survivors score. Rulings RR-1 ... RR-29 of ``shared/spec/ravenous-river.md`` are cited in code.

>>> from riverbox.games.ravenous_river import score_round
>>> score_round(["lion", "bull", "horse"], [])["lion"]
3
"""

from riverbox.games.ravenous_river.actions import Action
from riverbox.games.ravenous_river.game import RavenousRiver
from riverbox.games.ravenous_river.scoring import (
    ANIMALS,
    eats,
    predation,
    predator,
    prey,
    score_bank,
    score_boats,
    score_home,
    score_round,
    score_survivors,
)
from riverbox.games.ravenous_river.state import RavenousRiverState

__all__ = [
    "ANIMALS",
    "Action",
    "RavenousRiver",
    "RavenousRiverState",
    "eats",
    "predation",
    "predator",
    "prey",
    "score_bank",
    "score_boats",
    "score_home",
    "score_round",
    "score_survivors",
]
