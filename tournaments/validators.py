"""Text that people type or files bring: no control characters.

A control character in a name (a tab pasted from a spreadsheet, a NUL from a
broken file) breaks spreadsheets and PDFs for good and is never meant. It is
refused where text enters (forms, imports, backups) and stripped where text
leaves (exports), so an old row cannot break an export either.
"""

import re

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

#: C0 and C1 control characters (tab and newline too: names are one line).
CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def no_control_characters(value: str) -> None:
    if isinstance(value, str) and CONTROL.search(value):
        raise ValidationError(
            _("Remove the control character (an invisible tab, line break or "
              "similar) from this text."),
            code="control_character",
        )  # fmt: skip


def strip_control(value):
    """``value`` without control characters, when it is text."""
    return CONTROL.sub("", value) if isinstance(value, str) else value
