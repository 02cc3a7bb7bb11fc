"""Static files: the tables' vendored pictures are served with a long cache lifetime."""

from __future__ import annotations

from fastapi.staticfiles import StaticFiles
from starlette.responses import Response
from starlette.types import Scope

ART_CACHE = "public, max-age=2592000"
"""The vendored pictures (scripts/vendor_art.py) change only with a release: browsers keep them 30 days."""


class ArtFiles(StaticFiles):
    """The tables' pictures under /static/art, served with a long cache lifetime (``ART_CACHE``)."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        response = await super().get_response(path, scope)
        if response.status_code == 200:
            response.headers["cache-control"] = ART_CACHE
        return response
