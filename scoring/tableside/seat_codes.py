"""Each seat's short code at a table-round, printed on the score sheet next
to the player's name (issue 40: a table tablet for clubs that ban phones).

On the table's tablet one device speaks for every seat, so it cannot tell
who taps. The code says it: whoever enters a deal or confirms one types
the code of their own seat, and the server acts for that seat, with the
same two-person rule as the phones (a player of the other side confirms).
The code is derived from the table link's secret (HMAC-SHA256), so nothing
more is stored and a new link (the TD retired the old one) makes new codes.
Four digits are enough at a table where the sheet lies open: a guess is
worth one in 10,000, and every wrong code counts against the tablet's
address as a wrong link does (``tableside.throttle``).
"""

import hashlib
import hmac

#: Digits of a seat's code.
DIGITS = 4


def seat_code(secret: str, position: int) -> str:
    """The code of seat ``position`` at the table whose link has ``secret``."""
    mac = hmac.new(
        secret.encode(), f"seat-code:{position}".encode(), hashlib.sha256
    ).digest()
    return f"{int.from_bytes(mac[:8], 'big') % 10**DIGITS:0{DIGITS}d}"


def matches(secret: str, position: int, code: str) -> bool:
    """Whether ``code`` (as typed: spaces ignored) is seat ``position``'s."""
    typed = "".join(str(code or "").split())[: DIGITS + 1]
    return hmac.compare_digest(seat_code(secret, position), typed)
