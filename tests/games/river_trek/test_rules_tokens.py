"""River Trek rules: Animal tokens: taken on their tile (RT-10), usable between steps (RT-14), given
back when the tile empties (RT-15 and its option), face down after use (RT-16), several held
(RT-17).

Positions are built with ``helpers.make`` (see its docstring for the map of the path).
"""

from __future__ import annotations

import pytest

import riverbox
from riverbox.core import IllegalAction
from riverbox.games.river_trek.actions import Kind, TrekAction
from riverbox.games.river_trek.position import Phase
from riverbox.games.river_trek.state import TrekState

from .helpers import B, G, O, act, first_found, legal, make


def test_rt_10_animal_tile_pays_then_gives_token_without_post() -> None:
    s = make(seat=G, animals=("sloth", "jaguar"), stacks={7: [O, G]}, posts={(3, O): 1})
    act(s, "move 7")  # O drops on tile 8 (area 3: $1), G drops on 9
    assert s.money[O] == 1
    assert s.holder == [-1, O]  # the Jaguar (tile 8) goes to orange
    s = make(seat=G, animals=("sloth",), stacks={5: [G]})
    act(s, "move 5")  # no post at all: the token is still taken
    assert s.holder == [G]


def test_rt_10_stanley_never_takes_tokens() -> None:
    s = make(players=2, seat=G, phase="place", animals=("sloth",), stacks={5: [2]}, off={2: 0})
    act(s, "place 0")  # Stanley then moves his lowest caravan (space 5) onto tile 6
    assert s.stacks[6] == [2]
    assert s.holder == [-1]


def test_rt_14_token_taken_mid_move_not_usable_until_the_move_ends() -> None:
    s = make(seat=G, animals=("frog",), stacks={5: [G, G, G]})
    act(s, "move 5")  # first drop on tile 6 takes the Frog; no Frog choice in this move
    assert s.holder == [G]
    assert s.phase == Phase.PLACE  # the move finished without pausing
    s2 = make(seat=G, phase="place", animals=("frog",), stacks={6: [G], 20: [B] * 7}, holders={"frog": G})
    act(s2, "place 1")
    assert "frog" in legal(s2)  # a later move (here forced) may use it


def test_rt_14_powers_offered_between_steps_not_inside_a_move() -> None:
    s = make(
        seat=G,
        phase="post",
        animals=("jaguar", "boa"),
        holders={"jaguar": G, "boa": G},
        stacks={6: [G], 8: [G], 9: [O], 3: [G, G]},
    )
    assert any(a.startswith("jaguar") for a in legal(s))
    act(s, "skip")
    assert any(a.startswith("jaguar") for a in legal(s))
    act(s, "move 3")
    assert s.phase == Phase.DROP and not any(a.startswith("jaguar") for a in legal(s))
    with pytest.raises(IllegalAction, match="between the steps of your turn"):
        act(s, "jaguar 8 9")


def test_rt_15_token_lost_only_when_tile_empties_after_the_move() -> None:
    s = make(seat=G, animals=("kingfisher",), holders={"kingfisher": O}, stacks={6: [O, G]})
    act(s, "move 6")  # O drops on crossing 7: the Kingfisher (still orange's) holds it
    assert s.stacks[7] == [O] and s.stacks[8] == [G]
    assert s.holder == [-1] and s.down == [False]  # tile 6 empty: back face up after the move
    s = make(seat=G, animals=("kingfisher",), holders={"kingfisher": O}, stacks={6: [B], 20: [G]})
    act(s, "move 20")
    assert s.holder == [O]  # the holder has no explorer on the tile: kept, tile not empty


@pytest.mark.parametrize("mode", ["any-move", "caravan-move"])
def test_rt_15_option_check_after_any_move(mode: str) -> None:
    s = make(
        seat=G,
        phase="post",
        animals=("sloth", "jaguar"),
        holders={"sloth": O, "jaguar": G},
        stacks={6: [G], 9: [O], 20: [G]},
        empty_tile_check=mode,
    )
    act(s, "jaguar 6 9")  # empties tile 6 (the Sloth's tile)
    assert s.holder[0] == (-1 if mode == "any-move" else O)
    act(s, "skip")
    act(s, "move 20")
    # caravan-move: the move from 20 did not empty tile 6 (the Jaguar did), so the Sloth stays
    assert s.holder[0] == (-1 if mode == "any-move" else O)


def test_rt_16_face_down_not_taken_flipped_after_move() -> None:
    s = make(seat=G, animals=("frog",), holders={"frog": G}, stacks={6: [B], 4: [G, G, G]})
    act(s, "move 4")
    assert legal(s) == {"drop all", "drop", "frog"}
    act(s, "frog")  # jump over crossing 5; the Frog goes back face down on tile 6
    # the next drop lands on tile 6 itself: a face-down token cannot be taken
    assert s.stacks[6] == [B, G] and s.holder == [-1]
    assert s.down == [False]  # flipped face up when the move ended (RT-16)


def test_rt_16_face_down_flipped_at_end_of_turn() -> None:
    s = make(
        seat=G, phase="place", animals=("jaguar",), holders={"jaguar": G}, stacks={6: [O], 9: [G], 12: [B]}
    )
    act(s, "jaguar 9 12")
    assert s.down == [True]
    act(s, "place 1")
    assert s.down == [False] and s.to_move == (O,)


def test_rt_17_several_tokens() -> None:
    s = make(seat=G, animals=("sloth", "jaguar"), holders={"sloth": G}, stacks={6: [G], 7: [G]})
    act(s, "move 7")
    assert s.holder == [G, G]


def test_rt_10_token_goes_to_the_dropping_explorers_owner() -> None:
    """RT-10: the owner of the explorer dropped on the tile takes the token, not the caravan's others."""
    s = make(seat=G, animals=("sloth",), stacks={5: [G], 6: [B]}, off={G: 0})
    act(s, "move 5")
    assert s.stacks[6] == [B, G] and s.holder == [G]


def test_rt_10_a_held_token_is_not_taken_away() -> None:
    """RT-10 (RB): if another player holds the token, dropping on its tile does not take it."""
    s = make(seat=G, animals=("sloth",), holders={"sloth": O}, stacks={5: [G], 6: [O]}, off={G: 0})
    act(s, "move 5")
    assert s.holder == [O]


def test_rt_14_boa_taken_during_a_move_waits_for_the_next_move() -> None:
    """RT-14 (RB): a power picked up in a caravan move cannot be used before that move ends."""
    s = make(seat=G, animals=("boa",), stacks={5: [G, G, G]})
    act(s, "move 5")  # drop 1 on tile 6 takes the Boa; drops 2 and 3 must be plain
    assert s.holder == [G]
    assert s.phase == Phase.PLACE  # no drop choice was offered: on to placing a new explorer
    assert s.stacks[6] == [G] and s.stacks[8] == [G] and s.stacks[5] == [G]  # 7 washed to 5


def test_rt_14_rt_21_boa_picked_up_mid_move_not_offered_at_a_later_pause() -> None:
    """RT-14/RT-21: holding the Tree Frog makes the move pause at each drop; a Boa taken during the
    same move must not be offered at those pauses."""
    s = make(seat=G, animals=("frog", "boa"), holders={"frog": G}, stacks={6: [O], 7: [G, G, G]})
    act(s, "move 7")
    assert legal(s) == {"drop all", "drop", "frog"}
    act(s, "drop")  # onto tile 8: green takes the Boa
    assert s.holder == [G, G]
    assert legal(s) == {"drop all", "drop", "frog"}  # still no Boa in this move


def test_rt_15_kingfisher_lasts_all_move_after_its_tile_empties() -> None:
    """RT-15 (RB Kingfisher): the tile empties on the first drop, yet the Kingfisher still stops a
    wash at the fourth drop; the token goes back only when the move is over."""
    s = make(seat=G, animals=("kingfisher",), holders={"kingfisher": O}, stacks={6: [O, G, G, O]})
    act(s, "move 6")  # O on crossing 7 (held), G on 8, G on 9, O on crossing 10 (held)
    assert s.stacks[7] == [O] and s.stacks[10] == [O]
    assert s.holder == [-1]  # tile 6 empty: returned after the move


def test_rt_15_forced_move_emptying_a_tile_returns_the_token() -> None:
    """RT-15: a forced move is a caravan move too; emptying a tile returns its token."""
    s = make(seat=G, phase="place", animals=("sloth",), holders={"sloth": O}, stacks={6: [O] * 7})
    act(s, "place 1")  # end of turn: the caravan of 7 on tile 6 is forced
    assert s.stacks[6] == [] and s.holder == [-1]


def test_rt_15_option_bush_dog_emptying_a_tile_returns_the_token() -> None:
    """RT-15 option (default any-move): a Bush Dog step that empties a tile returns its token."""
    s = make(
        seat=G,
        phase="end",
        animals=("sloth", "bushdog"),
        holders={"sloth": O, "bushdog": G},
        stacks={6: [G], 8: [B]},
    )
    act(s, "dog 6 up")
    assert s.holder == [-1, G]


# -- RT-15 option caravan-move, in positions found in random play ---------------------------------------
def _jaguar_off_a_held_tile(st: TrekState, seat: int) -> tuple[str, int] | None:
    """A Jaguar move lifting the lone explorer off another animal's held tile, with the
    trading-post step still to come (so 'skip' and an unrelated caravan move follow)."""
    legal = [str(a) for a in st.legal_actions(seat)]
    tiles = {space: s for s, space in enumerate(st.tiles)}
    for text in legal:
        if text.startswith("jaguar ") and "skip" in legal:
            src = int(text.split()[1])
            s = tiles.get(src, -1)
            if s >= 0 and len(st.stacks[src]) == 1 and st.holder[s] >= 0 and st.animals[s] != "jaguar":
                return text, s
    return None


def test_rt_15_caravan_move_returns_only_tokens_whose_tile_the_move_emptied() -> None:
    """RT-15 option ``empty_tile_check=caravan-move``: a Jaguar emptying a held tile does not take the
    token back, nor does a later caravan move elsewhere (positions found in random play)."""
    game = riverbox.load("river-trek", players=3, empty_tile_check="caravan-move")
    st, (jaguar, s) = first_found(game, 60, _jaguar_off_a_held_tile)
    holder = st.holder[s]
    st.apply(game.parse_action(jaguar, st))
    st.apply(game.parse_action("skip", st))
    assert not st.stacks[st.tiles[s]] and st.holder[s] == holder  # the Jaguar emptied it: kept
    move = next(a for a in st.legal_actions() if str(a).startswith("move ") and a.at != st.tiles[s])
    st.apply(move)
    while st.phase == Phase.DROP:
        st.apply(game.parse_action("drop all", st))
    assert st.holder[s] == holder  # an unrelated caravan move does not take it back


def _move_off_a_held_tile(st: TrekState, seat: int) -> TrekAction | None:
    return next(
        (
            a
            for a in st.legal_actions(seat)
            if a.kind == Kind.MOVE and a.at in st.tiles and st.holder[st.tiles.index(a.at)] >= 0
        ),
        None,
    )


def test_rt_15_caravan_move_still_returns_a_token_when_the_move_empties_its_tile() -> None:
    """RT-15 option ``empty_tile_check=caravan-move``: the caravan move that empties a held tile
    takes its token back."""
    game = riverbox.load("river-trek", players=3, empty_tile_check="caravan-move")
    st, move = first_found(game, 60, _move_off_a_held_tile)
    s = st.tiles.index(move.at)
    st.apply(move)
    while st.phase == Phase.DROP:
        st.apply(game.parse_action("drop all", st))
    assert st.holder[s] == -1
