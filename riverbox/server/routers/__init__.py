"""The server's routes by area, each an ``APIRouter`` that ``create_app`` includes."""
