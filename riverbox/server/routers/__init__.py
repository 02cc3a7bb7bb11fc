"""The server's routes, one module per area (each a ``router`` that ``create_app`` includes)."""
