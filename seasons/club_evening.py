"""When the club plays next: the season's weekday (``Competition.weekday``,
0 = Monday) from today on. Pure."""

import datetime


def next_club_evening(
    weekday: int | None, today: datetime.date, last: datetime.date | None = None
) -> datetime.date | None:
    """The first date on the club's weekday from ``today`` on, and after the
    season's last evening (today's evening played: next week's). None
    without a weekday."""
    if weekday is None:
        return None
    start = today if last is None or last < today else last + datetime.timedelta(1)
    return start + datetime.timedelta((weekday - start.weekday()) % 7)
