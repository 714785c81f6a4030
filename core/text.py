"""Text as people type it and files bring it: the characters never meant.
One definition for the forms (``core.validators``), the event and
season backups and the rule files. Pure: no database.

C0 and C1 control characters break spreadsheets and PDFs; the bidi
embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) make a
name read backwards ("Eve\\u202egnp.exe" shows as "Eveexe.png").
"""

import re

_BIDI = "\u202a-\u202e\u2066-\u2069"
#: Runs of plain ASCII (at least three): what SQLite folds the case of.
ASCII_RUN = re.compile(r"[!-~]{3,}")
#: In a one-line text (a name, a code): tab and newline too.
CONTROL = re.compile(f"[\\x00-\\x1f\\x7f-\\x9f{_BIDI}]")
#: In a longer text (a description): tab and line breaks are allowed.
CONTROL_IN_TEXT = re.compile(f"[\\x00-\\x08\\x0b\\x0c\\x0e-\\x1f\\x7f-\\x9f{_BIDI}]")


def name_key(name: str) -> str:
    """Names compared as a TD reads them: case and spacing do not count."""
    return " ".join(name.split()).casefold()
