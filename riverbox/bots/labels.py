"""Bots in players' words: each bot and level name as a lobby or a table shows it.

The names stay identifiers in specs, the API and the command line (``--bots strong``); people
read these labels instead, translated in the ``riverbox`` catalog, so a Chinese page never
shows "heuristic".
"""

from __future__ import annotations

from collections.abc import Mapping

from riverbox.core.i18n import N_, gettext

BOT_LABELS: Mapping[str, str] = {
    "easy": N_("easy"),
    "medium": N_("medium"),
    "hard": N_("hard"),
    "strong": N_("strong"),
    "random": N_("random moves"),
    "heuristic": N_("rules of thumb"),
    "casual": N_("rules of thumb with slips"),
    "ismcts": N_("tree search"),
    "montecarlo": N_("Monte Carlo"),
    "pimc": N_("sampled deals"),
    "rollout": N_("rollouts"),
    "hindsight": N_("hindsight search"),
    "lookahead": N_("look-ahead"),
    "oracle": N_("oracle (sees the deck)"),
}
"""A label for each bot and level name; a name missing here is shown as it is."""


def bot_label(spec: str, lang: str = "en") -> str:
    """The words for a bot spec in ``lang``: its name's label, any settings after it unchanged."""
    name, colon, settings = spec.partition(":")
    label = BOT_LABELS.get(name.strip().lower())
    if label is None:
        return spec
    shown = gettext("riverbox", lang, label)
    return f"{shown} ({settings})" if colon else shown
