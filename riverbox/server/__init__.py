"""``riverbox serve``: tables, seats, bots and spectators over HTTP and WebSocket (design.md section 4)."""
