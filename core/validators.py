"""Text that people type or files bring: no control characters.

A control character in a name (a tab pasted from a spreadsheet, a NUL from a
broken file) breaks spreadsheets and PDFs for good and is never meant. Nor is
a bidi override or isolate (U+202A–U+202E, U+2066–U+2069): it makes a name
read backwards, so "Eve\u202egnp.exe" shows as "Eveexe.png". They
are refused where text enters (forms, imports, backups) and stripped where
text leaves (exports), so an old row cannot break an export either.
"""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from core.text import CONTROL


def no_control_characters(value: str) -> None:
    if isinstance(value, str) and CONTROL.search(value):
        raise ValidationError(
            _(
                "Remove the control character (an invisible tab, line break, "
                "direction mark or similar) from this text."
            ),
            code="control_character",
        )


def strip_control(value):
    """``value`` without control characters, when it is text."""
    return CONTROL.sub("", value) if isinstance(value, str) else value
