"""Whole numbers as people type them and files bring them, parsed in one
place: ASCII digits with an optional sign, at most
``MAX_DIGITS`` of them. Everything else is not a number here, however
Python reads it: ``str.isdigit`` takes "²" and "①", ``int`` takes "٣" and
refuses a 5,000-digit string with an error, ``float`` takes "NaN". Callers
keep what is not a number as it was typed, so the check that follows names
it. Pure: no database.
"""

import math
import re
from typing import Any

#: More than any count, score or database id (2**63 has 19 digits).
MAX_DIGITS = 18
WHOLE = re.compile(rf"[+-]?[0-9]{{1,{MAX_DIGITS}}}")
#: The largest id a database row can have (a signed 64-bit key).
MAX_ID = 2**63 - 1


def parse_int(value: Any) -> int | None:
    """``value`` as a whole number, or None when it is not one: text of
    ASCII digits, an int (not a bool), or a float with no fraction."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if len(str(abs(value))) <= MAX_DIGITS else None
    if isinstance(value, float):
        if math.isfinite(value) and value.is_integer() and abs(value) < 10**MAX_DIGITS:
            return int(value)
        return None
    if isinstance(value, str) and WHOLE.fullmatch(value.strip()):
        return int(value.strip())
    return None


def int_or_text(value: str) -> int | str:
    """A typed value: the number it is, or the text as typed (stripped), so
    a later check can say what is wrong with it."""
    number = parse_int(value)
    return number if number is not None else value.strip()


def is_id(value: Any) -> bool:
    """Whether ``value`` can be a database row's id (junk never reaches SQL)."""
    number = parse_int(value)
    return number is not None and 0 < number <= MAX_ID


def is_whole(value: Any) -> bool:
    """A JSON or Python whole number (not a bool, not a float)."""
    return isinstance(value, int) and not isinstance(value, bool)


class NotANumberError(ValueError):
    """A JSON file holds NaN, Infinity or a number too long to be one:
    ``literal`` is what it holds (cut to 24 characters), for the message."""

    def __init__(self, literal: str):
        self.literal = literal if len(literal) <= 24 else literal[:20] + "…"
        super().__init__(self.literal)


def _refuse_constant(name: str):
    raise NotANumberError(name)


def _whole(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise NotANumberError(text)
    return int(text)


def _real(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise NotANumberError(text)
    return value


def load_json(raw):
    """``json.loads`` for files people bring: NaN, Infinity and numbers
    longer than ``MAX_DIGITS`` digits are refused (``NotANumberError``), not
    stored (PostgreSQL refuses NaN in JSON) or turned into a 500."""
    import json

    return json.loads(
        raw, parse_constant=_refuse_constant, parse_int=_whole, parse_float=_real
    )
