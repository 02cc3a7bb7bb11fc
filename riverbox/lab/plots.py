"""Plots of tournament results (matplotlib, written to PNG or SVG files).

matplotlib is a dependency of riverbox; the import is still guarded, and ``check_plot_path``
runs before a tournament, so a broken install or a file type matplotlib cannot write is
reported before any game is played rather than after.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from riverbox.lab.tournament import Summary


def _pyplot() -> Any:
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
