"""Plots of tournament results (matplotlib, written to PNG or SVG files).

matplotlib is a dependency of riverbox; the import is still guarded, and ``check_plot_path``
runs before a tournament, so a broken install or a file type matplotlib cannot write is
reported before any game is played rather than after.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from riverbox.lab.tournament import Summary

if TYPE_CHECKING:
    from riverbox.lab.balance import BalanceReport
    from riverbox.lab.ladder import LadderResult


def _pyplot() -> Any:
    """matplotlib's pyplot on the file-only backend, or ``ValueError`` saying how to install it."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise ValueError("plots need matplotlib: pip install matplotlib") from None
    return plt


def check_plot_path(path: str | Path) -> None:
    """``ValueError`` unless matplotlib is there and can write the file type ``path`` names."""
    _pyplot()
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    kinds = FigureCanvasAgg.get_supported_filetypes()
    suffix = Path(path).suffix.lower().lstrip(".")
    if suffix not in kinds:
        raise ValueError(f"--plot {path}: the file name must end in one of .{', .'.join(sorted(kinds))}")


def plot_tournament(
    title: str, summary: Summary, results: Sequence[dict[str, Any]], path: str | Path
) -> Path:
    """Win rate per seat with 95% intervals, and the score distribution per seat."""
    plt = _pyplot()
    n = len(summary.bots)
    labels = [f"{i}: {b}" for i, b in enumerate(summary.bots)]
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 4.2))
    if n == 1:
        return _solo(fig, ax1, ax2, title, summary, results, Path(path), plt)
    rates = summary.win_rate
    err_lo = [r - lo for r, (lo, _) in zip(rates, summary.win_ci, strict=True)]
    err_hi = [hi - r for r, (_, hi) in zip(rates, summary.win_ci, strict=True)]
    ax1.bar(range(n), rates, yerr=[err_lo, err_hi], capsize=4, color="#2a7ab0")
    if n > 1:
        ax1.axhline(1 / n, color="grey", linestyle="--", linewidth=1, label="even share")
        ax1.legend(loc="upper right")
    ax1.set_xticks(range(n), labels, rotation=20)
    ax1.set_ylabel("win rate (95% CI)")
    ax1.set_ylim(0, 1)
    ax1.set_title(f"{title}: win rate over {summary.games} games")
    scores = [[r["scores"][i] for r in results] for i in range(n)]
    ax2.boxplot(scores)
    ax2.set_xticks(range(1, n + 1), labels, rotation=20)
    ax2.set_ylabel("final score")
    ax2.set_title("score per seat")
    fig.tight_layout()
    out = Path(path)
    fig.savefig(out, dpi=110)
    plt.close(fig)
    return out


def _solo(
    fig: Any,
    ax1: Any,
    ax2: Any,
    title: str,
    summary: Summary,
    results: Sequence[dict[str, Any]],
    out: Path,
    plt: Any,
) -> Path:
    """A solo game has no win rate: plot the score distribution and the outcome labels."""
    scores = [r["scores"][0] for r in results]
    ax1.hist(scores, bins=min(30, max(5, len(set(scores)))), color="#2a7ab0")
    ax1.axvline(summary.score_mean[0], color="black", linestyle="--", linewidth=1, label="mean")
    ax1.legend(loc="upper right")
    ax1.set_xlabel("final score")
    ax1.set_ylabel("games")
    ax1.set_title(f"{title}: {summary.bots[0]} over {summary.games} games")
    names = list(summary.labels)
    ax2.bar(range(len(names)), [summary.labels[k] / summary.games for k in names], color="#3c9a5f")
    ax2.set_xticks(range(len(names)), names, rotation=20)
    ax2.set_ylabel("share of games")
    ax2.set_title("outcomes")
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    plt.close(fig)
    return out


def _interval_panel(
    ax: Any,
    labels: Sequence[str],
    values: Sequence[float],
    cis: Sequence[tuple[float, float] | None],
    xlabel: str,
    zero: float | None,
    ranked: bool = True,
) -> None:
    """One row per label with its 95% interval (none drawn where unknown), largest value at the top
    when ``ranked``, else the labels top down in their order."""
    order = sorted(range(len(values)), key=lambda i: values[i]) if ranked else list(range(len(values)))[::-1]
    ys = list(range(len(order)))
    xs = [values[i] for i in order]
    spans = [cis[i] or (values[i], values[i]) for i in order]
    err = [
        [x - lo for x, (lo, _) in zip(xs, spans, strict=True)],
        [hi - x for x, (_, hi) in zip(xs, spans, strict=True)],
    ]
    ax.errorbar(xs, ys, xerr=err, fmt="o", color="#2a7ab0", ecolor="#555555", capsize=3)
    if zero is not None:
        ax.axvline(zero, color="grey", linestyle="--", linewidth=1)
    ax.set_yticks(ys, [labels[i] for i in order])
    ax.set_xlabel(xlabel)


def _save(fig: Any, plt: Any, path: str | Path) -> Path:
    fig.tight_layout()
    out = Path(path)
    fig.savefig(out, dpi=110)
    plt.close(fig)
    return out


def plot_ladder(title: str, ladder: LadderResult, path: str | Path) -> Path:
    """Ratings (or mean scores in a solo game) with 95% intervals, best at the top."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(9, max(2.5, 0.45 * len(ladder.bots) + 1.4)))
    if ladder.solo:
        _interval_panel(ax, ladder.bots, ladder.score_mean, ladder.score_ci, "mean score (95% CI)", None)
    else:
        zero = "mean" if ladder.anchor is None else ladder.anchor
        _interval_panel(
            ax, ladder.bots, ladder.rating, ladder.rating_ci, f"Elo rating, {zero} = 0 (95% CI)", 0.0
        )
    ax.set_title(f"{title}: {ladder.deals} deals, {ladder.games} games")
    return _save(fig, plt, path)


def plot_balance(title: str, report: BalanceReport, path: str | Path, top: int = 30) -> Path:
    """Seat win shares (or scores alone) and the ``top`` strongest feature effects, with 95% intervals."""
    plt = _pyplot()
    ranked = [e for e in report.effects if report.solo or not e.shared]
    effects = sorted(ranked, key=lambda e: -abs(e.score_effect if report.solo else e.win_effect))[:top]
    fig, (ax1, ax2) = plt.subplots(
        1, 2, figsize=(13, max(3.0, 0.3 * len(effects) + 1.6)), gridspec_kw={"width_ratios": [1, 2]}
    )
    s = report.summary
    seats = [f"seat {i}" for i in range(report.players)]
    if report.solo:
        ci = [
            (m - 1.96 * sd / math.sqrt(s.games), m + 1.96 * sd / math.sqrt(s.games))
            for m, sd in zip(s.score_mean, s.score_sd, strict=True)
        ]
        _interval_panel(ax1, seats, s.score_mean, ci, "mean score (95% CI)", None, ranked=False)
    else:
        _interval_panel(
            ax1, seats, s.win_rate, s.win_ci, "win share (95% CI)", 1 / report.players, ranked=False
        )
    ax1.set_title(f"{title}: {s.games} games")
    labels = [e.feature for e in effects]
    if report.solo:
        values, cis, axis = [e.score_effect for e in effects], [e.score_ci for e in effects], "score"
    else:
        values, cis, axis = [e.win_effect for e in effects], [e.win_ci for e in effects], "win share"
    _interval_panel(ax2, labels, values, cis, f"{axis} with - without (95% CI)", 0.0)
    ax2.set_title("features")
    return _save(fig, plt, path)
