"""Event codes, the ``<code>`` of /t/<code>/ and /manage/<code>/: one rule
for every path that makes one (the event form, an event or season backup,
a season's next evening)."""

import re

from django.utils.translation import gettext as _

CODE = re.compile(r"[-a-zA-Z0-9_]+")
MAX_LENGTH = 60
#: Codes whose pages live elsewhere (/manage/new/, /manage/seasons/ …).
RESERVED = frozenset({"new", "season", "seasons", "team", "upload-keys", "uploads"})


def code_problem(code) -> str | None:
    """What is wrong with ``code`` as an event's code, or None."""
    if not isinstance(code, str) or not CODE.fullmatch(code) or len(code) > MAX_LENGTH:
        return _("not a valid code (letters, digits, - and _, at most 60)")
    if code in RESERVED:
        return _("“%(code)s” is reserved; choose another code.") % {"code": code}
    return None
