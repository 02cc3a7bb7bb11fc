"""``riverbox serve``: tables, seats, bots and spectators over HTTP and WebSocket.

The design is in docs/design.md section 4.
"""
