"""The server's storage: an append-only event log per table (docs/design.md section 3).

SQLAlchemy Core for SQLite (the zero-setup default) and PostgreSQL (psycopg 3); the schema
is created and upgraded by the Alembic migrations shipped in ``migrations/``.
"""

from riverbox.store.db import EventRow, SeatRow, Stale, Store, TableRow, default_url

__all__ = ["EventRow", "SeatRow", "Stale", "Store", "TableRow", "default_url"]
