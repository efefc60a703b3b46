"""The one error the replay layer raises for a bad file or a bad request: what and where."""

from __future__ import annotations

from engine.errors import TrekError


class ReplayError(TrekError):
    """A replay file is malformed, damaged, too large, or a request on it cannot be met.

    ``offset`` is the byte offset in the file where the problem was found and ``record``
    the record number (the header is record 0, then one number per record in file order),
    when they are known. The message already names both.
    """

    def __init__(self, message: str, *, offset: int | None = None, record: int | None = None) -> None:
        self.reason = message
        self.offset = offset
        self.record = record
        where = []
        if record is not None:
            where.append(f"record {record}")
        if offset is not None:
            where.append(f"byte {offset}")
        super().__init__(f"{message} ({', '.join(where)})" if where else message)
