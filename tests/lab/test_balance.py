"""Balance reports: feature effects on hand-made results, and each game's feature hook."""

from __future__ import annotations

import pytest

from riverbox.bots.base import make_bot
from riverbox.lab.balance import MIN_SEATS, difference_interval, feature_effects, run_balance
from riverbox.registry import load, register

register("toy", "tests.core.toy:ToyGame")


def _game(winner: int, a: list[str], b: list[str], scores: tuple[float, float] = (1, 0)) -> dict:  # type: ignore[type-arg]
    return {"scores": list(scores), "winners": [winner], "features": [a, b]}


def test_effects_of_hand_made_results() -> None:
    # "net" is held in 6 seats and wins all 6; "board" is the same for both seats.
    results = [_game(0, ["net", "board"], ["board"]) for _ in range(5)]
    results.append(_game(1, ["board"], ["net", "board"], (2, 3)))
    results += [_game(0, [], []) for _ in range(4)]
    effects = {e.feature: e for e in feature_effects(results)}
    net = effects["net"]
    assert (net.seats_with, net.seats_without) == (6, 14)
    assert net.win_with == pytest.approx(1.0) and net.win_without == pytest.approx(4 / 14)
    assert net.win_ci is not None and net.win_ci[0] < net.win_effect < net.win_ci[1]
    board = effects["board"]
    assert board.shared and not net.shared
    assert "win_effect" not in board.to_json(solo=False) and "win_effect" in net.to_json(solo=False)
    assert list(effects)[-1] == "board"  # shared features come last


def test_too_few_seats_get_no_interval() -> None:
    assert difference_interval([1.0] * (MIN_SEATS - 1), [0.0] * 50) is None
    lo, hi = difference_interval([1.0, 0.0] * 50, [0.0, 1.0, 0.0, 0.0] * 25)  # type: ignore[misc]
    assert lo < 0.25 < hi


def test_default_hook_reports_no_features() -> None:
    game = load("toy", 2)
    state = game.new_state(1)
    assert game.balance_features(state) == {}


def _finished(name: str, players: int, seed: int, **options: object):  # type: ignore[no-untyped-def]
    game = load(name, players, **options)
    bot = make_bot("random", game, seed)
    state = game.new_state(seed)
    while not state.is_over:
        for seat in state.to_move:
            if seat in state.to_move and not state.is_over:
                state.apply(bot.act(state, seat), seat)
    return game, state


@pytest.mark.parametrize(
    ("name", "players", "options", "expect"),
    [
        ("ravenous-river", 3, {}, ("totem ", "first to play")),
        ("river-rivals", 2, {"mode": "advanced"}, ("equipment ", "played ")),
        ("river-trek", 3, {}, ("board ",)),
        ("river-wild", 1, {}, ("opening ",)),
    ],
)
def test_each_game_reports_features_per_seat(
    name: str, players: int, options: dict[str, object], expect: tuple[str, ...]
) -> None:
    game, state = _finished(name, players, 3, **options)
    features = game.balance_features(state)
    assert set(features) == set(range(players))
    every = [f for seat in features.values() for f in seat]
    for prefix in expect:
        assert any(f.startswith(prefix) for f in every), (name, prefix, every)


def test_placeholder_content_is_marked() -> None:
    game, state = _finished("river-wild", 1, 2)
    assert all(f.endswith("(placeholder)") for f in game.balance_features(state)[0])
    game, state = _finished("ravenous-river", 3, 2)
    assert not any(
        "totem" in f and "placeholder" in f for s in game.balance_features(state).values() for f in s
    )


def test_ravenous_river_names_one_first_player() -> None:
    for seed in range(3):
        game, state = _finished("ravenous-river", 3, seed, first_player=-1)
        firsts = [s for s, f in game.balance_features(state).items() if "first to play" in f]
        assert len(firsts) == 1


def test_river_trek_features_follow_the_actions() -> None:
    game, state = _finished("river-trek", 3, 4)
    used = {s: {f for f in fs if f.startswith("used ")} for s, fs in game.balance_features(state).items()}
    from riverbox.games.river_trek.balance import USES

    for seat, action in state.history:
        word = str(action).split()[0]
        if seat >= 0 and word in USES:
            assert f"used {USES[word]}" in used[seat]


def test_run_balance_reports_seats_and_effects() -> None:
    report = run_balance("river-wild", 1, {}, ["random"], 6, seed=1)
    assert report.summary.games == 6 and report.solo
    js = report.to_json()
    assert js["features"] and "win_effect" not in js["features"][0]
    again = run_balance("river-wild", 1, {}, ["random"], 6, seed=1, workers=2)
    assert again.to_json() == js
