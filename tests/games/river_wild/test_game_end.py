"""Game end (RW-12, spec check 12): when every card is placed, or when no card in hand fits anywhere;
unplaced cards simply do not score."""

from __future__ import annotations

from .helpers import card, custom_game, game, rigged


def test_rw_12_game_ends_when_all_cards_are_placed() -> None:
    """RW-12: all 16 cards placed, hand and deck empty: over, and the one player wins."""
    g = game()
    s = g.new_state(11)
    while not s.is_over:
        s.apply(s.legal_actions()[-1])
    assert len(s.board.placed) == 17 and s.hand == [] and s.deck == []
    assert s.winners() == [0] and s.returns() == s.scores()


def test_rw_12_game_ends_when_no_card_in_hand_can_be_placed() -> None:
    """RW-12: no (face, position) legal for any card in hand ends the game, at the deal or later."""
    # Cards without river on top can never extend the river.
    dry = [
        card(i, "LL", "LL", "LL", [{"slots": ["T0", "T1", "B0", "B1", "S0", "S1"], "animal": "Frog"}])
        for i in (1, 2, 3, 4)
    ]
    cg = custom_game({"top": "MM", "bottom": "RR", "sides": "MM"}, dry)
    s = cg.new_state(5)
    assert s.is_over and s.scores() == [0.0] and s.returns() == [0.0] and s.winners() == [0]
    assert len(s.hand) == 3  # unplaced cards simply do not score
    # Mid-game: the card drawn after a placement fits nowhere, so the game ends with it in hand.
    cg = custom_game({"top": "MM", "bottom": "RR", "sides": "MM"}, [card(1, "RM", "MM", "MM"), *dry[1:]])
    st = rigged(cg, hand=[1], deck=[2, 3])
    assert not st.is_over
    st.apply(cg.parse_action("place c1 front at 1,0"))
    assert st.is_over and [cg.deck.ids[i] for i in st.hand] == [3] and st.legal_actions() == []
