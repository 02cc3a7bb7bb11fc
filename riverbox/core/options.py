"""Game descriptions and option validation.

Every game publishes a :class:`GameInfo` with typed :class:`OptionSpec` entries, so the
command line, the server and the adapters can list, document and validate options without
knowing the game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from riverbox.core.checks import Unchecked, short
from riverbox.core.i18n import Message, message


class OptionError(ValueError):
    """A bad value for one named option, or for ``players`` (given as an option to ``make_game``):
    ``field`` says which, so a form can show the error next to that field; ``reason`` is the
    sentence to show in a reader's language (``str()`` is the English one, as before)."""

    def __init__(self, reason: str | Message, field: str) -> None:
        super().__init__(str(reason))
        self.reason = reason
        self.field = field


@dataclass(frozen=True)
class OptionSpec:
    """One named game option with its type, default and allowed values.

    ``label`` is the option's short name in a form and ``choice_labels`` the words for each of
    ``choices`` (same order): both are English message ids of the game's domain (marked with
    ``N_``), so a lobby shows them in the reader's language instead of the identifiers.
    """

    name: str
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    label: str = ""
    choice_labels: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.choice_labels and len(self.choice_labels) != len(self.choices or ()):
            raise ValueError(f"option {self.name}: one label per choice, not {len(self.choice_labels)}")

    @property
    def kind(self) -> type:
        return type(self.default)

    @property
    def control(self) -> str:
        """The form control that fits: ``choice``, ``boolean``, ``integer`` or ``text``."""
        if self.choices is not None:
            return "choice"
        return {bool: "boolean", int: "integer"}.get(self.kind, "text")

    def form_json(self) -> dict[str, Any]:
        """What a form needs to draw this option: its control, range and labelled choices."""
        labels = self.choice_labels or tuple(str(c) for c in self.choices or ())
        return {
            "label": self.label or self.name,
            "control": self.control,
            "minimum": self.minimum,
            "maximum": self.maximum,
            "choices": [{"value": c, "label": w} for c, w in zip(self.choices or (), labels, strict=True)],
        }

    def describe(self) -> str:
        """Human-readable allowed values, used in error messages and ``riverbox games``."""
        if self.choices is not None:
            return " | ".join(str(c) for c in self.choices)
        if self.kind is bool:
            return "true | false"
        if self.kind is int:
            lo = "" if self.minimum is None else str(self.minimum)
            hi = "" if self.maximum is None else str(self.maximum)
            return f"integer {lo}..{hi}" if (lo or hi) else "integer"
        return self.kind.__name__

    def validate(self, game: str, value: Any) -> Any:
        """Return the value converted to the option's type, or raise ``ValueError`` naming the problem.

        Strings are accepted for every type so that command-line and URL options work.
        """
        kind = self.kind
        converted: Any = value
        try:
            if kind is bool:
                if isinstance(value, str):
                    low = value.strip().lower()
                    if low in ("1", "true", "yes", "on"):
                        converted = True
                    elif low in ("0", "false", "no", "off"):
                        converted = False
                    else:
                        raise ValueError
                elif not isinstance(value, bool):
                    raise ValueError
            elif kind is int:
                if isinstance(value, bool):
                    raise ValueError
                if isinstance(value, str):
                    converted = int(value.strip())
                elif not isinstance(value, int):
                    raise ValueError
            elif kind is str:
                if not isinstance(value, str):
                    raise ValueError
            elif not isinstance(value, kind):
                raise ValueError
        except ValueError:
            raise OptionError(
                message(
                    "riverbox",
                    "{game}: option {name}={value} is not valid; expected {allowed}",
                    game=game,
                    name=self.name,
                    value=short(value),
                    allowed=self.describe(),
                ),
                self.name,
            ) from None
        if self.choices is not None and converted not in self.choices:
            raise OptionError(
                message(
                    "riverbox",
                    "{game}: option {name}={value} is not valid; expected one of {allowed}",
                    game=game,
                    name=self.name,
                    value=short(value),
                    allowed=self.describe(),
                ),
                self.name,
            )
        if self.minimum is not None and converted < self.minimum:
            raise OptionError(
                message(
                    "riverbox",
                    "{game}: option {name}={value} is below the minimum {minimum}",
                    game=game,
                    name=self.name,
                    value=short(value),
                    minimum=self.minimum,
                ),
                self.name,
            )
        if self.maximum is not None and converted > self.maximum:
            raise OptionError(
                message(
                    "riverbox",
                    "{game}: option {name}={value} is above the maximum {maximum}",
                    game=game,
                    name=self.name,
                    value=short(value),
                    maximum=self.maximum,
                ),
                self.name,
            )
        return converted


@dataclass(frozen=True)
class GameInfo:
    """What ``riverbox.games()`` lists: identity, player counts and options."""

    name: str
    title: str
    min_players: int
    max_players: int
    summary: str
    options: tuple[OptionSpec, ...] = field(default_factory=tuple)
    default_players: int | None = None
    perfect_information: bool = False
    """True only for games where no seat ever lacks information (then determinize is a copy)."""

    def option(self, name: str) -> OptionSpec:
        for spec in self.options:
            if spec.name == name:
                return spec
        raise KeyError(name)

    def _not_whole(self, players: object) -> Message:
        return message(
            "riverbox", "{game}: players={value} is not a whole number", game=self.name, value=short(players)
        )

    def defaults(self) -> dict[str, Any]:
        return {spec.name: spec.default for spec in self.options}

    def validate(self, players: Unchecked, options: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        """Check a player count and options; return them normalised (defaults filled in)."""
        if players is None:
            players = self.default_players if self.default_players is not None else self.min_players
        if isinstance(players, str):
            try:
                players = int(players)
            except ValueError:
                raise OptionError(self._not_whole(players), "players") from None
        if isinstance(players, bool) or not isinstance(players, int):
            raise OptionError(self._not_whole(players), "players")
        if not self.min_players <= players <= self.max_players:
            reason = (
                message(
                    "riverbox",
                    "{game} is played by {n} players, not {players}",
                    game=self.name,
                    n=self.min_players,
                    players=players,
                )
                if self.min_players == self.max_players
                else message(
                    "riverbox",
                    "{game} is played by {low} to {high} players, not {players}",
                    game=self.name,
                    low=self.min_players,
                    high=self.max_players,
                    players=players,
                )
            )
            raise OptionError(reason, "players")
        known = {spec.name for spec in self.options}
        unknown = sorted(str(k) for k in set(options) - known)
        if unknown:
            valid = ", ".join(sorted(known)) or "none"
            raise ValueError(f"{self.name}: unknown option {', '.join(unknown)}; valid options: {valid}")
        result = self.defaults()
        for name, value in options.items():
            result[name] = self.option(name).validate(self.name, value)
        return players, result

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title": self.title,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "default_players": self.default_players or self.min_players,
            "summary": self.summary,
            "options": [
                {"name": o.name, "default": o.default, "allowed": o.describe(), "help": o.help}
                | o.form_json()
                for o in self.options
            ],
        }
