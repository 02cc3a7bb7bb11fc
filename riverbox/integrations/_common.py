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
    """A ``Struct`` packing ``n`` float32 values (one per block length, kept)."""
    packer = _PACKERS.get(n)
    if packer is None:
        packer = _PACKERS[n] = Struct(f"={n}f")
    return packer


class _SeatVector:
    """One seat's last observation, kept between calls and patched where its blocks changed.

    A game that splits its encoding into blocks (``observation_blocks``) hands back the same
    list object for a block whose view values did not change (``riverbox.core.memo``), so the
    blocks that are not the same objects as last time are found by one identity scan in C
    (``map(is_not, ...)``); of those, a list equal to the last one is skipped by a comparison.
    Only changed blocks are written: into the Python list (``values``) and, packed as float32 by
    ``struct`` (a few times cheaper per value than numpy's conversion of a list), into the bytes
    under the numpy array (``array``). Block lists are never changed after they are made, so
    holding them to compare with later is safe.

    A game's blocks must keep within the observation box (+-``OBS_BOUND``): checking every value
    would cost more than encoding it, so only values beyond float32 are clipped here, and the
    games' tests check the bound over random games.
    """

    __slots__ = ("array", "blocks", "buffer", "starts", "values")

    def __init__(self, blocks: list[list[float]]) -> None:
        import numpy as np

        self.blocks = list(blocks)
        self.starts: list[int] = []
        at = 0
        for block in blocks:
            self.starts.append(at)
            at += len(block)
        self.values: list[float] = [x for block in blocks for x in block]
        self.buffer = bytearray(4 * at)
        self.array = np.frombuffer(self.buffer, dtype=np.float32)
        self.array[:] = self.values
        _clip(self.array)

    def update(self, blocks: list[list[float]]) -> bool:
        """Write the blocks that changed; False if the layout changed (then build anew)."""
        last = self.blocks
        if len(blocks) != len(last):
            return False
        values, buffer, starts = self.values, self.buffer, self.starts
        for i in compress(range(len(blocks)), map(is_not, blocks, last)):
            block = blocks[i]
            old = last[i]
            n = len(block)
            if len(old) != n:
                return False
            last[i] = block
            if block != old:
                at = starts[i]
                end = at + n
                values[at:end] = block
                try:
                    buffer[4 * at : 4 * end] = _packer(n).pack(*block)
                except OverflowError:  # beyond float32: clip (values within it are left as they are)
                    buffer[4 * at : 4 * end] = _packer(n).pack(
                        *[min(max(x, -OBS_BOUND), OBS_BOUND) for x in block]
                    )
        return True


def _clip(array: Any) -> None:
    import numpy as np

    if array.size and (array.max() > OBS_BOUND or array.min() < -OBS_BOUND):  # rare: most stay far inside
        np.clip(array, -OBS_BOUND, OBS_BOUND, out=array)


_VECTORS: dict[int, tuple[Game, dict[Any, _SeatVector]]] = {}
"""Per game object (by id, the game held so the id stays its own): each seat's last vector."""


def _seat_vector(game: Game, view: dict[str, Any]) -> _SeatVector | None:
    """``view``'s seat's vector, brought up to date; None for a game that has no blocks."""
    blocks_of = getattr(game, "observation_blocks", None)
    if blocks_of is None:
        return None
    return _patched(game, view.get("seat"), blocks_of(view))


def _patched(game: Game, seat: int | None, blocks: list[list[float]]) -> _SeatVector:
    """``seat``'s kept vector for ``game`` with ``blocks`` written into it."""
    entry = _VECTORS.get(id(game))
    if entry is None or entry[0] is not game:
        if len(_VECTORS) >= 64:
            _VECTORS.clear()
        entry = _VECTORS[id(game)] = (game, {})
    seats = entry[1]
    vec = seats.get(seat)
    if vec is None or not vec.update(blocks):
        vec = seats[seat] = _SeatVector(blocks)
        if len(vec.values) != game.observation_size:
            raise ValueError(
                f"{game.name}: observation_blocks gave {len(vec.values)} values, observation_size is "
                f"{game.observation_size}"
            )
    return vec


def observation_array(game: Game, view: dict[str, Any]) -> Any:
    """``encode_view`` as a float32 numpy array clipped to the observation box.

    Every call returns a new array that the caller owns: it is never written again (a learner may
    keep observations in a replay buffer). Games with blocks patch a per-seat array and copy it.
    """
    import numpy as np

    vec = _seat_vector(game, view)
    if vec is not None:
        return vec.array.copy()
    out = np.asarray(encode_view(game, view), dtype=np.float32)
    _clip(out)
    return out


def _state_vector(game: Game, state: State, seat: int | None) -> _SeatVector | None:
    """``seat``'s vector read from the state itself, for a game that can (skipping the view)."""
    blocks_of = getattr(game, "observation_state_blocks", None)
    if blocks_of is None:
        return None
    return _patched(game, seat, blocks_of(state, seat))


def observe(game: Game, state: State, seat: int | None) -> Any:
    """``seat``'s observation of ``state``: ``observation_array(game, state.view(seat))``, a new
    float32 array the caller owns.

    The adapters' entry point: a game with ``observation_state_blocks`` encodes from the state
    without building the view (what it reads is what the view shows; tests compare the two)."""
    vec = _state_vector(game, state, seat)
    if vec is not None:
        return vec.array.copy()
    return observation_array(game, state.view(seat))


def observe_values(game: Game, state: State, seat: int | None) -> list[float]:
    """``seat``'s observation of ``state`` as a new list of floats: ``encode_view`` of its view."""
    vec = _state_vector(game, state, seat)
    if vec is not None:
        return vec.values[:]
    return encode_view(game, state.view(seat))


def observation_size(game: Game) -> int:
    """Length of the observation vector the adapters use for ``game``."""
    return game.observation_size if game.observation_size > 0 else GENERIC_SIZE


def encode_view(game: Game, view: dict[str, Any]) -> list[float]:
    """The game's own tensor for a view when it has one, else the generic hashed encoding.

    Always a new list the caller owns."""
    if game.observation_size > 0:
        vec = _seat_vector(game, view)
        if vec is not None:
            return vec.values[:]
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
