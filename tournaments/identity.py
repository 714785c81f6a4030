"""An event's identity across copies (``Tournament.uid``).

A backup of format 4 carries the identity; an older file does not, so its
identity is derived from what it holds that a copy keeps and another event
does not: the date, the name and the names of everyone entered. The events
stored before identities existed get the same derivation (a migration), so
an old backup of one of them, imported again, is recognised as the same
event. Pure: no database.
"""

import json
import uuid
from collections.abc import Iterable

#: Fixed namespace of derived identities (never change it: stored ones
#: would no longer match their old backups).
NAMESPACE = uuid.UUID("6f1d3c2e-8a4b-5e7f-9c0d-1b2a3c4d5e6f")


def derived_uid(date_iso: str, name: str, player_names: Iterable[str]) -> uuid.UUID:
    """The identity of an event that was stored without one."""
    content = json.dumps([date_iso, name, sorted(player_names)], ensure_ascii=False)
    return uuid.uuid5(NAMESPACE, content)
