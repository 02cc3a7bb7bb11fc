"""The deck and the deal: each card's back is its front mirrored (spec check 1), the placeholder
deck's make-up (spec checks 9 and 10, section 1.6: every card placeable), and the face-up top card
of the deck (RW-13): seen by the player, kept by ``determinize``, while the order below stays hidden.
"""

from __future__ import annotations

from collections import Counter

from riverbox.games.river_wild.content import ANIMALS, LAND, MIRROR_SLOT, MOUNTAIN, RIVER, S0, S1, load_deck

from .helpers import game


# -- the cards ------------------------------------------------------------------------------------------
def test_check_1_mirror_is_an_involution() -> None:
    """Spec check 1: a card's back is its front mirrored, and mirroring twice gives the face back."""
    deck = load_deck()
    for i in range(deck.size):
        front, back = deck.faces[2 * i], deck.faces[2 * i + 1]
        assert back.mirror() == front and front.mirror() == back and back != front
        assert all(back.slots[MIRROR_SLOT[s]] == front.slots[s] for s in range(6))
    assert all(MIRROR_SLOT[MIRROR_SLOT[s]] == s for s in range(6))


def test_check_9_every_card_has_two_sections_covering_each_land_slot_once() -> None:
    """Spec check 9: two land sections per placeholder face (one animal, one goal), each land slot in one."""
    deck = load_deck()
    for f in deck.faces:
        assert len(f.sections) == 2
        covered = Counter(s for sec in f.sections for s in sec.slots)
        assert all(covered[s] == (1 if f.slots[s] == LAND else 0) for s in range(6))
        kinds = sorted("animal" if sec.animal is not None else "goal" for sec in f.sections)
        assert kinds == ["animal", "goal"]
        assert f.slots[S0] != RIVER and f.slots[S1] != RIVER  # rivers cross top and bottom edges only


def test_check_10_placeholder_deck_composition() -> None:
    """Spec check 10: 16 cards, 4 of each animal, 6 runestones, the goal counts of section 1.6."""
    deck = load_deck()
    assert deck.placeholder and deck.size == 16 and deck.ids == tuple(range(1, 17))
    fronts = deck.faces[0::2]
    animals = Counter(ANIMALS[sec.animal] for f in fronts for sec in f.sections if sec.animal is not None)
    assert animals == {a: 4 for a in ANIMALS}
    assert sum(f.runestone for f in fronts) == 6
    goals = [sec.goal for f in fronts for sec in f.sections if sec.goal is not None]
    shapes = Counter((g.kind, g.count, len([n for n in g.need if n]), g.first, g.second) for g in goals)
    assert shapes == {
        ("per_icon", 1, 1, 1, 2): 4,  # single icon
        ("each_type", 2, 2, 2, 4): 4,  # two different icons
        ("per_icon", 3, 1, 3, 6): 2,  # three of one type
        ("each_type", 4, 4, 4, 8): 2,  # one of each of the four
        ("any", 3, 0, 1, 3): 4,  # any three
    }
    assert all(g.first < g.second for g in goals)
    # Goals name types other than the card's own animal (except every-type and any-3 goals).
    for f in fronts:
        own = next(sec.animal for sec in f.sections if sec.animal is not None)
        goal = next(sec.goal for sec in f.sections if sec.goal is not None)
        assert own is not None and goal is not None
        if goal.kind == "per_icon" or goal.count == 2:
            assert goal.need[own] == 0
    source = deck.source
    assert source.slots == (MOUNTAIN, MOUNTAIN, RIVER, RIVER, MOUNTAIN, MOUNTAIN) and not source.sections
    assert source.mirror().slots == source.slots


def test_check_12_every_placeholder_card_is_placeable() -> None:
    """Spec section 1.6: every placeholder card is placeable under RW-1 ... RW-12 in some game."""
    g = game()
    ever: set[int] = set()
    for seed in range(40):
        s = g.new_state(seed)
        while not s.is_over:
            ever |= {a.card for a in s.legal_actions()}
            s.apply(s.legal_actions()[(seed * 7) % len(s.legal_actions())])
    assert ever == set(range(1, 17))


# -- RW-13 the top card of the deck is visible ------------------------------------------------------------
def test_rw_13_top_card_visible_and_kept_by_determinize() -> None:
    """RW-13: the top card is in the view and every determinization keeps it; the rest is reshuffled."""
    g = game()
    s = g.new_state(4)
    top = s.view(0)["top"]
    assert top == g.deck.ids[s.deck[-1]]
    assert "top c" in str(s.history[-1][1])
    hidden_orders = set()
    for k in range(20):
        d = s.determinize(0, k)
        assert d.view(0) == s.view(0) and d.deck[-1] == s.deck[-1]
        assert sorted(d.deck) == sorted(s.deck)
        hidden_orders.add(tuple(d.deck))
    assert len(hidden_orders) > 1
    # After a placement the known top card is drawn, and the next one turns face up.
    s.apply(s.legal_actions()[0])
    assert g.deck.index_of(top) in s.hand
    assert s.view(0)["top"] == g.deck.ids[s.deck[-1]]


def test_rw_13_shuffle_is_hidden_from_the_player() -> None:
    """RW-13: the shuffle is no one's knowledge; the hand lies face up, so spectators see it too."""
    g = game()
    s = g.new_state(4)
    d = s.determinize(0, 1)
    assert str(d.history[0][1]) == "hidden"
    assert str(s.history[0][1]).startswith("shuffle")
    # Spectators see what the player sees: the hand lies face up on the table.
    assert s.view(None) == s.view(0)


def test_rw_13_determinize_shuffles_even_two_face_down_cards() -> None:
    """RW-13: with 3 cards in the deck, the top is face up and the two below are unseen: both orders occur."""
    g = game()
    s = g.new_state(9)
    while len(s.deck) > 3:
        s.apply(s.legal_actions()[0])
    orders = {tuple(s.determinize(0, k).deck) for k in range(40)}
    assert len(orders) == 2 and all(o[-1] == s.deck[-1] for o in orders)
    while len(s.deck) > 2:
        s.apply(s.legal_actions()[0])
    assert {tuple(s.determinize(0, k).deck) for k in range(10)} == {tuple(s.deck)}
