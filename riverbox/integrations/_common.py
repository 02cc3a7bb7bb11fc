"""What the three adapters share: observation encodings, action masks and name helpers.

Everything here is computed from ``state.view(seat)`` and ``state.legal_actions(seat)`` only,
so no adapter can hand a learner anything its seat may not know.

Observation tensors
-------------------
A game that defines ``observation_size > 0`` encodes its own views with
``game.observation_tensor(view)``; the adapters use that. A game without a tensor yet gets the
**generic encoding** below, a fixed-length feature-hashed vector of the JSON view:

* the view is walked as a tree; each leaf gets a *path* such as ``/hand/2`` or ``/scores/0``
  (dictionary keys and list positions);
* a number ``x`` at path ``p`` adds ``x`` to bucket ``h(p)``; a string, boolean or null ``v``
  adds 1 to bucket ``h(p=v)``; every list also adds its length at ``h(p#len)`` and, for its
  scalar items, 1 at ``h(p/*=v)`` (an order-free "bag" feature, so hands read as sets too);
* ``h`` is CRC-32 (stable across processes and Python versions, unlike ``hash``): the bucket
  is ``crc % GENERIC_SIZE`` and one further bit gives a sign of +1 or -1 (signed feature
  hashing keeps collisions unbiased).

Adapters should ask ``observe(game, state, seat)`` (a new float32 array) or
``observe_values`` (a new list), an environment ``observer(game)``: a game with
``observation_state_blocks(state, seat)`` (all four) encodes straight from the state, reading
only what the view shows, which skips building the view; other games go through
``state.view(seat)``. Both equal ``observation_array``/``encode_view`` of the view (tested at
every step of random games).

The vector has ``GENERIC_SIZE`` (512) floats for every game and player count. It is lossy
(distinct views can collide) but deterministic, cheap, and it leaks nothing because it is a
pure function of the view.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable
from itertools import compress
from operator import is_not
from struct import Struct
from typing import Any

from riverbox.core.game import Game, State

GENERIC_SIZE = 512
"""Length of the generic hashed encoding of a view."""

_BUCKETS: dict[str, tuple[int, float]] = {}
_BUCKET_CACHE_LIMIT = 200_000


def _bucket(key: str) -> tuple[int, float]:
    hit = _BUCKETS.get(key)
    if hit is None:
        crc = zlib.crc32(key.encode("utf-8"))
        hit = (crc % GENERIC_SIZE, 1.0 if (crc >> 31) & 1 == 0 else -1.0)
        if len(_BUCKETS) >= _BUCKET_CACHE_LIMIT:
            _BUCKETS.clear()
        _BUCKETS[key] = hit
    return hit


def _scalar_key(value: Any) -> str:
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    return str(value)


def hashed_view(view: Any) -> list[float]:
    """The generic encoding of a JSON view (see the module docstring): ``GENERIC_SIZE`` floats."""
    out = [0.0] * GENERIC_SIZE

    def add(key: str, amount: float) -> None:
        index, sign = _bucket(key)
        out[index] += sign * amount

    def walk(node: Any, path: str) -> None:
        if isinstance(node, dict):
            for key in sorted(node):
                walk(node[key], f"{path}/{key}")
        elif isinstance(node, list):
            add(f"{path}#len", float(len(node)))
            for i, item in enumerate(node):
                if not isinstance(item, (dict, list)):
                    add(f"{path}/*={_scalar_key(item)}", 1.0)
                walk(item, f"{path}/{i}")
        elif isinstance(node, bool) or node is None or isinstance(node, str):
            add(f"{path}={_scalar_key(node)}", 1.0)
        elif isinstance(node, (int, float)):
            add(path, float(node))
        else:  # not JSON; still encode something stable
            add(f"{path}={node!s}", 1.0)

    walk(view, "")
    return out


OBS_BOUND = 1e6
"""Observation spaces are boxes of +-OBS_BOUND (finite, as Gymnasium asks); values are clipped to it."""


_PACKERS: dict[int, Struct] = {}


def _packer(n: int) -> Struct:
    """A ``Struct`` packing ``n`` float32 values (one per length, kept)."""
    packer = _PACKERS.get(n)
    if packer is None:
        packer = _PACKERS[n] = Struct(f"={n}f")
    return packer


def _float32(values: list[float]) -> Any:
    """``values`` as a new, writable float32 array, packed by ``struct`` (a few times cheaper per
    value than numpy's conversion of a list, which inspects every item first)."""
    import numpy as np

    buffer = bytearray(4 * len(values))
    try:
        _packer(len(values)).pack_into(buffer, 0, *values)
    except OverflowError:  # beyond float32: numpy's conversion gives inf, and the clip then bounds it
        return np.asarray(values, dtype=np.float32)
    return np.frombuffer(buffer, dtype=np.float32)


def _clip(array: Any) -> Any:
    import numpy as np

    if array.size and (array.max() > OBS_BOUND or array.min() < -OBS_BOUND):  # rare: most stay far inside
        np.clip(array, -OBS_BOUND, OBS_BOUND, out=array)
    return array


def observation_array(game: Game, view: dict[str, Any]) -> Any:
    """``encode_view`` as a float32 numpy array clipped to the observation box.

    Every call returns a new array that the caller owns (nothing here writes it again: a learner
    may keep observations in a replay buffer)."""
    return _clip(_float32(encode_view(game, view)))


def _joined(blocks: list[list[float]], game: Game) -> list[float]:
    """The blocks one after the other, checked against the game's declared length (a loop of
    list extends: a few times cheaper than ``list(chain.from_iterable(...))``, item by item)."""
    values: list[float] = []
    extend = values.extend
    for block in blocks:
        extend(block)
    if len(values) != game.observation_size:
        raise ValueError(
            f"{game.name}: observation blocks gave {len(values)} values, observation_size is "
            f"{game.observation_size}"
        )
    return values


def observe(game: Game, state: State, seat: int | None) -> Any:
    """``seat``'s observation of ``state``: ``observation_array(game, state.view(seat))``, a new
    float32 array the caller owns.

    A game with ``observation_state_blocks(state, seat)`` encodes from the state without building
    the view (it reads only what the view shows; tests compare the two at every step of random
    games for every seat and the spectator). An environment asks ``observer(game)`` instead,
    which packs only the blocks that changed since the seat's last observation."""
    blocks_of = getattr(game, "observation_state_blocks", None)
    if blocks_of is not None:  # a game's own numbers keep within the box (its tests check): no clip
        return _float32(_joined(blocks_of(state, seat), game))
    return observation_array(game, state.view(seat))


class _Packed:
    """One seat's last observation as float32 bytes, the blocks it was packed from and where
    each block starts (in bytes)."""

    __slots__ = ("blocks", "buffer", "starts")

    def __init__(self, blocks: list[list[float]], buffer: bytearray, starts: list[int]) -> None:
        self.blocks = blocks
        self.buffer = buffer
        self.starts = starts


def observer(game: Game) -> Callable[[State, int | None], Any]:
    """``observe`` for one environment of ``game``: the same new float32 array, made faster.

    A game's state encoder hands back its vector in blocks, and a block that did not change is
    the very same list as in the last call (the encoders never change a block once handed out).
    So each seat's last observation is kept as packed float32 bytes with the blocks it came
    from (held, so no other list can take a kept block's identity), and only the blocks that are
    not the same objects as last time are packed again; the caller gets a copy of the bytes.
    The result does not depend on which state came before: a block packed in the past is reused
    only where the encoder gives that same block for this state (tests compare every
    observation with the encoding of a fresh copy of the view, across interleaved states)."""
    blocks_of = getattr(game, "observation_state_blocks", None)
    if blocks_of is None:
        return lambda state, seat: observation_array(game, state.view(seat))
    size = game.observation_size
    kept: dict[int | None, _Packed] = {}
    from numpy import float32, frombuffer

    def pack_all(blocks: list[list[float]], seat: int | None) -> Any:
        kept.pop(seat, None)
        values = _joined(blocks, game)
        buffer = bytearray(4 * size)
        try:
            _packer(size).pack_into(buffer, 0, *values)
        except OverflowError:  # beyond float32: as ``_float32`` (inf), and nothing kept
            return _float32(values)
        starts = [0]
        for block in blocks:
            starts.append(starts[-1] + 4 * len(block))
        kept[seat] = _Packed(blocks, buffer, starts)
        return frombuffer(bytearray(buffer), dtype=float32)

    def encode(state: State, seat: int | None) -> Any:
        blocks = list(blocks_of(state, seat))  # ours: the encoder may reuse its list
        last = kept.get(seat)
        if last is None or len(last.blocks) != len(blocks):
            return pack_all(blocks, seat)
        buffer, starts = last.buffer, last.starts
        for i in compress(range(len(blocks)), map(is_not, blocks, last.blocks)):
            block = blocks[i]
            start = starts[i]
            if 4 * len(block) != starts[i + 1] - start:  # another layout: start over
                return pack_all(blocks, seat)
            try:
                _packer(len(block)).pack_into(buffer, start, *block)
            except OverflowError:
                return pack_all(blocks, seat)
        last.blocks = blocks
        return frombuffer(bytearray(buffer), dtype=float32)

    return encode


def action_mask(size: int, ids: list[int]) -> Any:
    """A new int8 array of ``size`` zeros with a 1 at each of ``ids``: the action mask.

    Set in a ``bytearray`` (an item set there is a few times cheaper than numpy's) that the
    array then wraps, writable and owned by the caller like any new array."""
    from numpy import frombuffer, int8

    buffer = bytearray(size)
    if len(ids) < 64:
        for i in ids:
            buffer[i] = 1
        return frombuffer(buffer, dtype=int8)
    mask = frombuffer(buffer, dtype=int8)
    mask[ids] = 1
    return mask


def observe_values(game: Game, state: State, seat: int | None) -> list[float]:
    """``seat``'s observation of ``state`` as a new list of floats: ``encode_view`` of its view."""
    blocks_of = getattr(game, "observation_state_blocks", None)
    if blocks_of is not None:
        return _joined(blocks_of(state, seat), game)
    return encode_view(game, state.view(seat))


def observation_size(game: Game) -> int:
    """Length of the observation vector the adapters use for ``game``."""
    return game.observation_size if game.observation_size > 0 else GENERIC_SIZE


def encode_view(game: Game, view: dict[str, Any]) -> list[float]:
    """The game's own tensor for a view when it has one, else the generic hashed encoding.

    Always a new list the caller owns."""
    if game.observation_size > 0:
        out = game.observation_tensor(view)
        if len(out) != game.observation_size:
            raise ValueError(
                f"{game.name}: observation_tensor gave {len(out)} values, observation_size is "
                f"{game.observation_size}"
            )
        return out if type(out) is list else list(out)  # a game's fresh list needs no copy
    return hashed_view(view)


def action_ids(game: Game) -> Callable[[Any], int]:
    """``game.action_id`` as a dictionary lookup where the game lists its actions (a masked
    step looks up every legal action, and ``action_id`` checks its argument first)."""
    try:
        table = {a: i for i, a in enumerate(game.all_actions())}
    except NotImplementedError:
        return game.action_id
    return table.__getitem__


def legal_ids(game: Game) -> Callable[[State, int], list[int]]:
    """A function from a state and a seat to that seat's legal action ids, in the order of
    ``legal_actions`` (``[]`` for a seat that is not to move): the step of every adapter.

    A game that can list its legal ids straight from its state defines
    ``legal_action_ids(state, seat)`` and is asked first; the others get ``legal_actions``
    mapped through the id table (``action_ids``), a C-level loop over a few actions. That path
    also leaves the state ready for ``apply`` by the same seat (``legal_actions`` just
    answered for it), which then skips its own legality check.
    """
    hook = getattr(game, "legal_action_ids", None)
    if callable(hook):
        return hook
    ids = action_ids(game)

    def mapped(state: State, seat: int) -> list[int]:
        return list(map(ids, state.legal_actions(seat)))

    return mapped


def actions_by_id(game: Game) -> Callable[[int], Any]:
    """``game.action_from_id`` for an id known to be valid (a legal id): a list lookup where the
    game lists its actions, without the argument checks of ``action_from_id``."""
    try:
        table = list(game.all_actions())
    except NotImplementedError:
        return game.action_from_id
    return table.__getitem__


def agent_name(seat: int) -> str:
    return f"player_{seat}"


def mover(state: State) -> int:
    """The seat the adapters ask next: the lowest seat in ``to_move``.

    Simultaneous decisions (several seats in ``to_move``, e.g. votes) are asked one seat at a
    time in seat order; the next voter sees only its own view, which never shows votes that
    were cast but not yet revealed.
    """
    return min(state.to_move)


def render_text(game: Game, state: State, seat: int | None) -> str:
    """The game's own drawing of what ``seat`` sees, as plain text."""
    drawing = game.render(state, seat)
    if isinstance(drawing, str):
        return drawing
    import io

    from rich.console import Console

    console = Console(width=100, file=io.StringIO(), color_system=None)
    console.print(drawing)
    text = console.file.getvalue()  # type: ignore[attr-defined]
    return str(text)


ILLEGAL_POLICIES = ("penalty", "random", "raise")
"""What the PettingZoo and Gymnasium environments do with an action that is not legal now.

``penalty`` (default, PettingZoo's classic-games convention): the episode ends at once, the
offending agent gets ``illegal_reward`` (-1) and the others 0; ``info["illegal_action"]`` is set.
``random``: a uniformly random legal action (from the environment's seeded generator) is played
instead and ``info["illegal_action"]`` records the substitution. ``raise``: ``riverbox.IllegalAction``.
"""


def check_illegal_policy(policy: str) -> str:
    if policy not in ILLEGAL_POLICIES:
        valid = ", ".join(ILLEGAL_POLICIES)
        raise ValueError(f"illegal_action={policy!r} is not valid; expected one of {valid}")
    return policy
