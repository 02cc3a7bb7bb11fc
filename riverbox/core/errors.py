"""Errors raised through the public contract.

Both are ``ValueError`` subclasses so that callers validating user input can catch one
familiar type; the subclasses let interfaces tell "that move is not allowed" apart from
"the game has already ended".

A refusal is raised with a :class:`riverbox.core.i18n.Message` (or a plain string): ``str(exc)``
stays the English sentence (logs, the API), and ``exc.text(lang)`` gives the same refusal in a
reader's language, so the server and the terminal answer each player in theirs.
"""

from __future__ import annotations

from riverbox.core.i18n import Message


class Refusal(ValueError):
    """Input the game refuses, carrying its reason as a :class:`Message` (or a plain string).

    ``str(exc)`` is the English sentence (for logs and API clients); ``exc.text(lang)`` is the
    same sentence for a reader of ``lang``, English where its words have no translation.
    """

    def __init__(self, reason: str | Message = "") -> None:
        super().__init__(str(reason))
        self.reason: str | Message = reason

    def text(self, lang: str = "en") -> str:
        """The refusal in ``lang`` (English when its words have no translation)."""
        reason = self.reason
        return reason.text(lang) if isinstance(reason, Message) else str(reason)


class IllegalAction(Refusal):
    """An action that the rules do not allow now; the state is left unchanged.

    The message names the rule that forbids the action. It never mentions anything the
    acting seat cannot see (the testkit checks this across determinizations).
    """


class NotationError(Refusal):
    """Text that is not an action in the game's notation; the message says how moves are written.

    The notation's own words (``look row1``, card and animal slugs) stay as they are written.
    """


class GameOver(IllegalAction):
    """An action was sent to a state whose game has already ended."""
