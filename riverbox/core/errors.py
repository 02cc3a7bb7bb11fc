"""Errors raised through the public contract.

Both are ``ValueError`` subclasses so that callers validating user input can catch one
familiar type; the subclasses let interfaces tell "that move is not allowed" apart from
"the game has already ended".
"""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action that the rules do not allow now; the state is left unchanged.

    The message names the rule that forbids the action. It never mentions anything the
    acting seat cannot see (the testkit checks this across determinizations).
    """


class GameOver(IllegalAction):
    """An action was sent to a state whose game has already ended."""
