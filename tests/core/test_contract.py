"""The core contract, checked on a toy game (real games call the same testkit)."""

from __future__ import annotations

import json

import pytest

import riverbox
from riverbox.core.rng import Rng
from riverbox.core.testkit import ConformanceError, check_game
from riverbox.registry import register

register("toy", "tests.core.toy:ToyGame")


def test_testkit_passes_on_toy_game() -> None:
    for players in (2, 3, 4):
        report = check_game(riverbox.load("toy", players=players), games=10, seed=players)
        assert report.games == 10
        assert report.resampled > 0
        assert report.illegal_checks > 0


def test_bad_names_players_and_options_name_what_is_valid() -> None:
    with pytest.raises(ValueError, match="valid games"):
        riverbox.load("no-such-game")
    with pytest.raises(ValueError, match="2 to 4 players"):
        riverbox.load("toy", players=5)
    with pytest.raises(ValueError, match="valid options: turns"):
        riverbox.load("toy", players=2, colour="red")
    with pytest.raises(ValueError, match="above the maximum 9"):
        riverbox.load("toy", players=2, turns=10)
    with pytest.raises(ValueError, match="turns='x'"):
        riverbox.load("toy", players=2, turns="x")
    assert riverbox.load("toy", players="3", turns="2").options == {"turns": 2}


def test_illegal_and_out_of_turn_actions_change_nothing() -> None:
    game = riverbox.load("toy", players=2)
    state = game.new_state(3)
    before = state.to_json()
    with pytest.raises(riverbox.IllegalAction, match="not a legal action"):
        state.apply(game.parse_action("high"))
    with pytest.raises(riverbox.IllegalAction, match="not seat 1's turn"):
        state.apply(game.parse_action("bet"), 1)
    assert state.to_json() == before
    assert issubclass(riverbox.GameOver, ValueError) and issubclass(riverbox.IllegalAction, ValueError)


def test_game_over_raises_game_over() -> None:
    game = riverbox.load("toy", players=2, turns=1)
    state = game.new_state(0)
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(state.legal_actions(seat)[0], seat)
    with pytest.raises(riverbox.GameOver):
        state.apply(game.parse_action("bet"), 0)


def test_replay_rejects_corrupt_records_with_reasons() -> None:
    game = riverbox.load("toy", players=2, turns=1)
    state = game.new_state(5)
    state.apply(game.parse_action("bet"))
    record = state.record()
    assert riverbox.replay(record).to_json() == state.to_json()
    bad = json.loads(json.dumps(record))
    bad["actions"][0][1] = "deal 9 to 0"
    with pytest.raises(ValueError, match="the seed gives"):
        riverbox.replay(bad)
    bad = json.loads(json.dumps(record))
    bad["actions"][-1] = [0, "fly"]
    with pytest.raises(ValueError, match="cannot be replayed"):
        riverbox.replay(bad)
    bad = json.loads(json.dumps(record))
    bad["actions"][-1] = [1, "bet"]
    with pytest.raises(ValueError, match="not seat 1's turn"):
        riverbox.replay(bad)
    for junk in (None, [], {"game": "toy"}, {**record, "seed": "x"}, {**record, "actions": [[0]]}):
        with pytest.raises(ValueError):
            riverbox.replay(junk)


def test_determinize_redacts_hidden_chance_and_reseeds() -> None:
    game = riverbox.load("toy", players=3)
    state = game.new_state(11)
    det = state.determinize(0, 1)
    texts = [str(a) for s, a in det.history if s == riverbox.CHANCE]
    assert texts[0].startswith("deal") and texts[1:] == ["hidden", "hidden"]
    assert det.rng.state != state.rng.state
    with pytest.raises(ValueError, match="determinized"):
        det.record()


def test_testkit_catches_a_leaking_view(monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.core.toy import ToyState

    original = ToyState.view

    def leaky(self: ToyState, seat: int | None) -> dict:
        v = original(self, seat)
        v["all_cards"] = list(self.cards)
        return v

    monkeypatch.setattr(ToyState, "view", leaky)
    with pytest.raises(ConformanceError, match="changed what seat"):
        check_game(riverbox.load("toy", players=2), games=2)


def test_rng_is_uniform_enough_and_serialisable() -> None:
    r = Rng(123)
    counts = [0] * 6
    for _ in range(6000):
        counts[r.randrange(6)] += 1
    assert all(850 < c < 1150 for c in counts)
    r2 = Rng(0)
    r2.state = r.state
    assert r2.next64() == r.next64()
    deck = list(range(10))
    Rng(1).shuffle(deck)
    assert sorted(deck) == list(range(10)) and deck != list(range(10))


def test_rng_draws_the_same_numbers_as_its_plain_definition() -> None:
    """``shuffle`` and ``randrange`` inline their draws; every record depends on their numbers.

    The pinned values were drawn before the draws were inlined; the reference below is the plain
    definition (``randrange`` by rejection on ``next64``, Fisher-Yates by ``randrange``).
    """
    deck = list(range(10))
    r = Rng(1)
    r.shuffle(deck)
    assert deck == [4, 2, 8, 1, 9, 3, 0, 6, 7, 5] and r.state == 10372713005361028286
    r = Rng(2**64 - 1)
    assert [r.randrange(n) for n in (1, 2, 3, 7, 52, 3 * 2**62)] == [0, 1, 1, 6, 6, 4638043754431676516]
    assert r.state == 17418742259747381415

    def reference_randrange(g: Rng, n: int) -> int:
        limit = 2**64 - 2**64 % n
        while True:
            x = g.next64()
            if x < limit:
                return x % n

    for seed in range(40):
        mine, ref = Rng(seed), Rng(seed)
        got, want = list(range(seed)), list(range(seed))
        mine.shuffle(got)
        for i in range(len(want) - 1, 0, -1):
            j = reference_randrange(ref, i + 1)
            want[i], want[j] = want[j], want[i]
        assert got == want and mine.state == ref.state
        for n in (1, 5, 2**63 + 1, 3 * 2**62):  # the large ones reject often
            assert mine.randrange(n) == reference_randrange(ref, n) and mine.state == ref.state


def test_shuffle_hands_a_rejected_draw_to_the_one_by_one_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    """``shuffle`` draws side by side; a draw ``randrange`` rejects (2**-58 odds for a deck of 64)
    hands the rest to the one-at-a-time loop, which must go on with the same numbers.

    Rejection is forced here by lowering the acceptance limits to 2**63 (about half the draws),
    and decks past the limits' table (256 cards) take the computed limit.
    """
    from riverbox.buildinfo import is_compiled
    from riverbox.core import rng

    if is_compiled():
        pytest.skip("the compiled build reads the limits table as a constant")
    limits = tuple(min(x, 2**63) for x in rng._LIMITS)
    monkeypatch.setattr(rng, "_LIMITS", limits)
    monkeypatch.setattr(rng, "_SAFE", 2**63)  # below every limit, as it must be

    def limit(n: int) -> int:
        return limits[n] if n < len(limits) else 2**64 - 2**64 % n

    for seed, size in [(s, n) for s in range(12) for n in (2, 3, 9, 18, 70)] + [(5, 300), (6, 257)]:
        mine, ref = Rng(seed), Rng(seed)
        got, want = list(range(size)), list(range(size))
        mine.shuffle(got)
        for i in range(size - 1, 0, -1):
            x = ref.next64()
            while x >= limit(i + 1):
                x = ref.next64()
            j = x % (i + 1)
            want[i], want[j] = want[j], want[i]
        assert got == want and mine.state == ref.state, (seed, size)


def test_apply_after_legal_actions_still_checks_the_seat() -> None:
    """``apply`` trusts ``legal_actions``' answer only for the same plain-int seat and position."""
    game = riverbox.load("toy", players=2)
    state = game.new_state(3)
    bet = game.parse_action("bet")
    assert bet in state.legal_actions(0) and state.legal_actions(1) == []
    before = state.to_json()
    with pytest.raises(riverbox.IllegalAction, match="not seat 1's turn"):
        state.apply(bet, 1)
    state.legal_actions(0)
    with pytest.raises(riverbox.IllegalAction, match="not a seat"):
        state.apply(bet, False)  # equal to 0, but not a seat
    assert state.to_json() == before
    state.legal_actions(0)
    state.apply(bet, 0)
    assert state.history[-1] == (0, bet) and 0 not in state.to_move


def test_games_is_callable_even_after_a_game_module_is_imported() -> None:
    import riverbox.games.ravenous_river as rr

    names = [info.name for info in riverbox.games()]
    assert names[:4] == ["ravenous-river", "river-rivals", "river-wild", "river-trek"]
    assert callable(rr.score_round)
    assert riverbox.games.ravenous_river is rr


def test_determinize_hides_secret_actions_of_other_seats() -> None:
    game = riverbox.load("toy", players=2, turns=1)
    state = game.new_state(2)
    state.apply(game.parse_action("bet"), 0)
    state.apply(game.parse_action("pass"), 1)
    state.apply(game.parse_action("high"), 0)  # a secret guess
    mine = [str(a) for s, a in state.determinize(0, 1).history if s == 0]
    theirs = [str(a) for s, a in state.determinize(1, 1).history if s == 0]
    assert mine == ["bet", "high"]
    assert theirs == ["bet", "hidden"]
    det = state.determinize(1, 1)
    assert game.state_from_json(det.to_json()).to_json() == det.to_json()


def test_testkit_catches_a_view_that_aliases_the_state(monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.core.toy import ToyState

    original = ToyState.view

    def aliasing(self: ToyState, seat: int | None) -> dict:
        v = original(self, seat)
        v["bets"] = self.bets  # shared with the state: changes under the caller's feet
        return v

    monkeypatch.setattr(ToyState, "view", aliasing)
    with pytest.raises(ConformanceError, match="view handed out earlier changed"):
        check_game(riverbox.load("toy", players=2), games=2)


def test_testkit_catches_a_state_that_does_not_pickle(monkeypatch: pytest.MonkeyPatch) -> None:
    """Process pools send states by pickle: a state holding a lambda (as River Trek's did,
    through its animal records) fails the testkit, naming the cause."""
    from tests.core.toy import ToyState

    original = ToyState._setup

    def with_a_lambda(self: ToyState) -> None:
        original(self)
        self.scorer = lambda cards: sum(cards)  # type: ignore[attr-defined]

    monkeypatch.setattr(ToyState, "_setup", with_a_lambda)
    with pytest.raises(ConformanceError, match="does not pickle"):
        check_game(riverbox.load("toy", players=2), games=2)
