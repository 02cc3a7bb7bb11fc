"""Bot specs: ``name`` or ``name:key=value,key=value``, parsed once for every command.

A spec names a bot (or a level such as ``strong``) and its settings as text. The settings are
converted to the types of the bot factory's keyword parameters, read from its signature, so a
new bot gets command-line settings without any code here. ``play``, ``simulate``, ``ladder``,
``balance`` (and the server) all pass specs through :func:`riverbox.bots.base.make_bot`.

A list of seats (``--bots``) separates specs by commas, semicolons or spaces. Specs contain
commas too, but a setting always looks like ``key=value`` and a bot name never holds ``=``,
so a comma followed by ``key=value`` continues the previous bot's settings:
``ismcts:iterations=4000,rollout=heuristic,random`` is two seats.
"""

from __future__ import annotations

import enum
import inspect
import math
import re
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

_SETTING = re.compile(r"^[A-Za-z_]\w*=")
_NAME = re.compile(r"^[a-z][\w-]*$")
_TRUE = ("1", "true", "yes", "on")
_FALSE = ("0", "false", "no", "off")

THINK_KEYS = ("think", "seconds")
"""Factory keywords that ``--think S`` fills (CPU seconds per decision), in order of preference."""


@dataclass(frozen=True)
class BotSpec:
    """A bot name (lower case) and its settings as text, in the order given."""

    name: str
    settings: tuple[tuple[str, str], ...] = ()

    def __str__(self) -> str:
        if not self.settings:
            return self.name
        return self.name + ":" + ",".join(f"{k}={v}" for k, v in self.settings)

    def merged(self, other: BotSpec) -> BotSpec:
        """This spec's settings overridden by ``other``'s (a level's defaults under the user's)."""
        table = dict(self.settings)
        table.update(other.settings)
        return BotSpec(self.name, tuple(table.items()))

    def keys(self) -> set[str]:
        return {k for k, _ in self.settings}


def parse_spec(text: str) -> BotSpec:
    """``"ismcts:iterations=4000,rollout=heuristic"`` -> a :class:`BotSpec` (``ValueError`` if malformed)."""
    if not isinstance(text, str) or not text.strip():
        raise ValueError("a bot spec must be a name, optionally followed by :key=value,key=value")
    name, sep, rest = text.strip().partition(":")
    name = name.strip().lower()
    if not _NAME.match(name):
        raise ValueError(f"bot spec {text!r}: {name!r} is not a bot name")
    if sep and not rest.strip():
        raise ValueError(f"bot spec {text!r} has a ':' but no settings after it")
    settings: dict[str, str] = {}
    for part in rest.split(",") if sep else []:
        key, eq, value = part.partition("=")
        key = key.strip()
        if not eq or not key.isidentifier():
            raise ValueError(f"bot spec {text!r}: setting {part.strip()!r} must look like key=value")
        if key in settings:
            raise ValueError(f"bot spec {text!r} sets {key} twice")
        settings[key] = value.strip()
    return BotSpec(name, tuple(settings.items()))


def split_lineup(text: str) -> list[str]:
    """The seats of a ``--bots`` list as spec strings (see the module docstring for the syntax)."""
    specs: list[str] = []
    for chunk in re.split(r"[;\s]+", text.strip()):
        for piece in chunk.split(","):
            piece = piece.strip()
            if not piece:
                continue
            if _SETTING.match(piece) and specs and ":" in specs[-1]:
                specs[-1] += "," + piece
            elif _SETTING.match(piece):
                raise ValueError(
                    f"{piece!r} in --bots is a setting; settings follow their bot after ':',"
                    f" e.g. ismcts:{piece}"
                )
            else:
                specs.append(piece)
    return specs


@dataclass(frozen=True)
class Setting:
    """One keyword a bot factory accepts: its name, type annotation and default."""

    name: str
    kind: Any
    default: Any

    def describe(self) -> str:
        return f"{self.name}={self.default!r} ({_type_name(self.kind)})"


def factory_settings(factory: Callable[..., Any], skip: tuple[str, ...] = ("game", "seed")) -> list[Setting]:
    """The keyword settings of a factory (a class or function), from its signature."""
    try:
        sig = inspect.signature(factory, eval_str=True)
    except (NameError, TypeError):  # annotations that only exist for type checkers
        sig = inspect.signature(factory)
    result = []
    for p in sig.parameters.values():
        if p.name in skip or p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD, p.POSITIONAL_ONLY):
            continue
        kind = p.annotation
        if kind is p.empty or isinstance(kind, str):
            kind = type(p.default) if p.default not in (p.empty, None) else str
        result.append(Setting(p.name, kind, None if p.default is p.empty else p.default))
    return result


def convert_settings(bot: str, settings: list[Setting], raw: tuple[tuple[str, str], ...]) -> dict[str, Any]:
    """Text settings -> keyword arguments; ``ValueError`` names the bad key or value and the valid ones."""
    known = {s.name: s for s in settings}
    valid = ", ".join(s.describe() for s in settings) or "none"
    result: dict[str, Any] = {}
    for key, text in raw:
        if key not in known:
            raise ValueError(f"bot {bot} has no setting {key!r}; its settings: {valid}")
        try:
            result[key] = convert_value(known[key].kind, text)
        except ValueError as exc:
            raise ValueError(
                f"bot {bot}: {key}={text!r} is not valid: {exc}; its settings: {valid}"
            ) from None
    return result


def convert_value(kind: Any, text: str) -> Any:
    """Text -> a value of the annotated type (bool, int, float, str, Literal, Enum, X | None)."""
    origin = typing.get_origin(kind)
    if origin is typing.Literal:
        for choice in typing.get_args(kind):
            if str(choice).lower() == text.lower():
                return choice
        raise ValueError("expected one of " + " | ".join(str(c) for c in typing.get_args(kind)))
    if origin in (typing.Union, types.UnionType):
        args = typing.get_args(kind)
        if type(None) in args and text.lower() == "none":
            return None
        errors = []
        for arg in (a for a in args if a is not type(None)):
            try:
                return convert_value(arg, text)
            except ValueError as exc:
                errors.append(str(exc))
        raise ValueError(" or ".join(errors))
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        for member in kind:
            if text.lower() in (member.name.lower(), str(member.value).lower()):
                return member
        raise ValueError("expected one of " + " | ".join(m.name.lower() for m in kind))
    return _convert_plain(kind, text)


def _convert_plain(kind: Any, text: str) -> Any:
    if kind is bool:
        if text.lower() in _TRUE:
            return True
        if text.lower() in _FALSE:
            return False
        raise ValueError("expected true or false")
    if kind is int:
        try:
            return int(text)
        except ValueError:
            raise ValueError("expected a whole number") from None
    if kind is float:
        try:
            value = float(text)
        except ValueError:
            raise ValueError("expected a number") from None
        if not math.isfinite(value):
            raise ValueError("expected a finite number")
        return value
    return text


def _type_name(kind: Any) -> str:
    if typing.get_origin(kind) is typing.Literal:
        return " | ".join(str(c) for c in typing.get_args(kind))
    if isinstance(kind, type):
        if issubclass(kind, enum.Enum):
            return " | ".join(m.name.lower() for m in kind)
        return {bool: "true | false", int: "whole number", float: "number", str: "text"}.get(
            kind, kind.__name__
        )
    return str(kind).replace("typing.", "")
