"""Write the JSON Schemas of the results file (``rikscore.event``), one per
version that has one, into documents/data/schemas/ (docs/results-file.md):

    .venv/bin/python docs/results-file/make_schemas.py

The files are what the site serves and other clubs' software reads; this
script is how they are written, so a new version is the old one plus what
it adds (``adds``). tests/exports/test_results_file.py checks that the
files are what this script writes, that each object has the keys the
hand-written checks (``documents.event_backup_schema``) want, and that what
the site's writer writes passes. No Django setup: the one rule it reads
from the site is which event codes are reserved (``tournaments.codes``).
"""

import copy
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "documents" / "data" / "schemas"
sys.path.insert(0, str(ROOT))

from tournaments.codes import RESERVED  # noqa: E402

CTRL = "\\u0000-\\u001f\\u007f-\\u009f\\u202a-\\u202e\\u2066-\\u2069"
MILLION = 1_000_000


def line(most: int) -> dict:
    """One line of text of at most ``most`` characters (may be empty)."""
    return {"$ref": "#/$defs/line", "maxLength": most}


def filled(most: int) -> dict:
    """One line of text with something in it."""
    return {"$ref": "#/$defs/filledLine", "maxLength": most}


def whole(low: int, high: int) -> dict:
    return {"type": "integer", "minimum": low, "maximum": high}


def null_or(schema: dict) -> dict:
    return {"anyOf": [{"type": "null"}, schema]}


def obj(description: str, props: dict, required: list | None = None) -> dict:
    """An object with exactly ``props`` (all of them required unless said)."""
    return {
        "description": description,
        "type": "object",
        "additionalProperties": False,
        "required": list(props) if required is None else required,
        "properties": props,
    }


def enum(*values) -> dict:
    return {"enum": list(values)}


def d(description: str, schema: dict) -> dict:
    return {"description": description, **schema}


#: A player's ref (seats, byes, jury calls) and a name at the table (deal
#: records: the name, made distinct at one table, or "Blinde").
REF = filled(160)
NAME_AT_TABLE = filled(160)
CLOCK = "^([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?$"


def version_9() -> dict:
    """Version 9: players' identifiers and guests (the first with a schema)."""
    schema = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "/results-file/schema/rikscore-event-9.json",
        "title": "Rikken results file (rikscore.event, version 9)",
        "description": (
            "One Rikken event or club evening: its settings, players, rounds, "
            "tables, deals (each a deal record with its scores), jury calls and "
            "audit lines. Specification: docs/results-file.md. Every key is "
            "required and no other key is allowed. Beyond this schema the "
            "importer checks what JSON Schema cannot say: every deal is scored "
            "again by the event's rules and its stored scores must be what the "
            "rules give; references (players by ref, the deal's players by "
            "their names at the table) must agree; times lie between "
            "2000-01-01 and tomorrow."
        ),
        "type": "object",
        "additionalProperties": False,
        "required": [
            "format",
            "version",
            "tournament",
            "players",
            "rounds",
            "keep_apart",
            "audit",
        ],
        "properties": {
            "format": d("Always this text.", {"const": "rikscore.event"}),
            "version": d("The version of the format this file follows.", {"const": 9}),
            "tournament": {"$ref": "#/$defs/tournament"},
            "players": d(
                "Everyone entered for the event.",
                {
                    "type": "array",
                    "maxItems": 20000,
                    "items": {"$ref": "#/$defs/player"},
                },
            ),
            "rounds": d(
                "The rounds that exist (seated or not), any order.",
                {
                    "type": "array",
                    "maxItems": 20000,
                    "items": {"$ref": "#/$defs/round"},
                },
            ),
            "keep_apart": d(
                "Pairs of players (by ref) the seating keeps apart.",
                {"type": "array", "maxItems": 1000, "items": {"$ref": "#/$defs/pair"}},
            ),
            "audit": d(
                "The event's log, oldest first; kept as it came.",
                {
                    "type": "array",
                    "maxItems": 500000,
                    "items": {"$ref": "#/$defs/auditLine"},
                },
            ),
        },
        "$defs": {
            "line": {
                "description": "One line of text: no control or bidi characters.",
                "type": "string",
                "pattern": f"^[^{CTRL}]*$",
            },
            "filledLine": {
                "description": "A line of text with at least one visible character.",
                "type": "string",
                "allOf": [{"pattern": f"^[^{CTRL}]*$"}, {"pattern": "\\S"}],
            },
            "moment": {
                "description": (
                    "A date and time with its offset from UTC (ISO 8601), "
                    "between 2000-01-01 and tomorrow."
                ),
                "type": "string",
                "maxLength": 40,
                "pattern": (
                    "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}"
                    "(:[0-9]{2}([.][0-9]{1,6})?)?(Z|[+-][0-9]{2}:[0-9]{2})$"
                ),
            },
            "tournament": obj(
                "The event's settings.",
                {
                    "slug": d(
                        "The event's code (its web address): letters, digits, - and _.",
                        {
                            "type": "string",
                            "maxLength": 60,
                            "pattern": "^[-a-zA-Z0-9_]+$",
                            "not": {"enum": sorted(RESERVED)},
                        },
                    ),
                    "name": filled(150),
                    "date": d(
                        "The day the event was played (YYYY-MM-DD).",
                        {
                            "type": "string",
                            "format": "date",
                            "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$",
                        },
                    ),
                    "venue": line(150),
                    "rules": d(
                        "The rule schedule: a preset (nl, pagat, iwwa) or a "
                        "house-rule set's code.",
                        filled(50),
                    ),
                    "rules_snapshot": d(
                        "The rules frozen when the first deal was stored; null: "
                        "the schedule named by rules as this site has it.",
                        null_or({"$ref": "#/$defs/rulesSnapshot"}),
                    ),
                    "rounds": d("How many rounds the event has.", whole(1, 30)),
                    "deals_per_round": whole(1, 60),
                    "language": enum("nl", "en"),
                    "method": enum("points", "placement"),
                    "tiebreaks": d(
                        "Tie-break codes in order; empty: the default chain.",
                        {"type": "array", "maxItems": 10, "items": filled(20)},
                    ),
                    "placement_points": d(
                        "Points for 1st, 2nd … at a table (method placement).",
                        {"type": "array", "maxItems": 5, "items": whole(0, 1000)},
                    ),
                    "normalise_five": {"type": "boolean"},
                    "hide_last_rounds": whole(0, 30),
                    "bye_policy": enum("zero", "average", "fixed"),
                    "bye_points": whole(-1000, 1000),
                    "entry_mode": enum("td", "confirm", "blind"),
                    "uid": d(
                        "The event's identity, kept by every copy (a UUID).",
                        {
                            "type": "string",
                            "maxLength": 36,
                            "pattern": (
                                "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-"
                                "[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"
                            ),
                        },
                    ),
                    "score_entry": enum("deals", "totals"),
                    "start_time": d(
                        "When round 1 starts (HH:MM); null: all-day rounds.",
                        null_or(
                            {
                                "type": "string",
                                "pattern": CLOCK,
                            }
                        ),
                    ),
                    "round_minutes": whole(10, 600),
                    "tables_of_three": {"type": "boolean"},
                },
            ),
            "rulesSnapshot": obj(
                "A preset and the changes a house-rule set made to it "
                "(docs/rule-files.md).",
                {
                    "preset": enum("nl", "pagat", "iwwa"),
                    "overrides": {"type": "object"},
                    "name": line(120),
                },
            ),
            "player": obj(
                "A player entered for the event.",
                {
                    "ref": d("Unique in the file: what seats and calls name.", REF),
                    "name": filled(120),
                    "club": d(
                        "The club by its name; null: none.", null_or(filled(120))
                    ),
                    "federation_number": line(30),
                    "status": enum("registered", "present", "withdrawn", "substitute"),
                    "withdrawn_after": d(
                        "The last round played before withdrawing; null: not "
                        "withdrawn.",
                        null_or(whole(0, 100)),
                    ),
                    "distinction": d(
                        "What tells two members of one name and club apart "
                        "(a birth year, mostly); empty: nothing.",
                        line(40),
                    ),
                    "public_name": enum("full", "short", "hidden"),
                    "public_id": d(
                        "The player's identifier in the writer's register; "
                        "empty: none.",
                        {"type": "string", "pattern": "^[A-Za-z0-9_-]{0,16}$"},
                    ),
                    "guest": {"type": "boolean"},
                },
            ),
            "round": obj(
                "A round and its tables.",
                {
                    "number": whole(1, 30),
                    "status": enum("draft", "seated", "closed"),
                    "published": {"type": "boolean"},
                    "tables": {
                        "type": "array",
                        "maxItems": 20000,
                        "items": {"$ref": "#/$defs/table"},
                    },
                    "byes": d(
                        "Players (by ref) who sit this round out.",
                        {"type": "array", "maxItems": 1000, "items": REF},
                    ),
                },
            ),
            "table": obj(
                "A table of one round: 3, 4 or 5 seats.",
                {
                    "number": whole(1, 1000),
                    "closed": {"type": "boolean"},
                    "sheet_totals": d(
                        'The paper sheet\'s totals by seat ("1"-"5"); null: none.',
                        null_or(
                            {
                                "type": "object",
                                "propertyNames": {"enum": ["1", "2", "3", "4", "5"]},
                                "additionalProperties": whole(-MILLION, MILLION),
                            }
                        ),
                    ),
                    "totals_only": d(
                        "Typed as each player's total: the seats carry points "
                        "and deals_played, and there are no deals.",
                        {"type": "boolean"},
                    ),
                    "from_totals": null_or({"type": "boolean"}),
                    "seats": {
                        "type": "array",
                        "minItems": 3,
                        "maxItems": 5,
                        "items": {"$ref": "#/$defs/seat"},
                    },
                    "deals": {
                        "type": "array",
                        "maxItems": 60,
                        "items": {"$ref": "#/$defs/deal"},
                    },
                    "jury_calls": {
                        "type": "array",
                        "maxItems": 1000,
                        "items": {"$ref": "#/$defs/juryCall"},
                    },
                },
            ),
            "seat": obj(
                "Who sits where.",
                {
                    "position": whole(1, 5),
                    "player": REF,
                    "points": d(
                        "Typed total (totals_only tables); null elsewhere.",
                        null_or(whole(-MILLION, MILLION)),
                    ),
                    "deals_played": d(
                        "Deals played (totals_only tables); null elsewhere.",
                        null_or(whole(0, 60)),
                    ),
                },
            ),
            "deal": obj(
                "One deal: the record and its scores.",
                {
                    "number": whole(1, 60),
                    "version": d("How often the deal was saved.", whole(1, MILLION)),
                    "record": {"$ref": "#/$defs/dealRecord"},
                    "scores": d(
                        "Points by the record's names; a name that scores 0 may "
                        "be left out. They sum to zero.",
                        {
                            "type": "object",
                            "maxProperties": 5,
                            "propertyNames": {"maxLength": 160},
                            "additionalProperties": whole(-MILLION, MILLION),
                        },
                    ),
                    "seat_scores": d(
                        "Points by seat 1-5 (0 for an empty seat and for the "
                        "blind man's chair 4). They sum to zero.",
                        {
                            "type": "array",
                            "minItems": 5,
                            "maxItems": 5,
                            "items": whole(-MILLION, MILLION),
                        },
                    ),
                },
            ),
            "dealRecord": obj(
                "A deal record (docs/deal-record.md): players by their names at "
                "this table.",
                {
                    "rules": filled(50),
                    "players": {
                        "type": "array",
                        "minItems": 4,
                        "maxItems": 4,
                        "uniqueItems": True,
                        "items": NAME_AT_TABLE,
                    },
                    "plays": {
                        "type": "array",
                        "maxItems": 4,
                        "items": {"$ref": "#/$defs/play"},
                    },
                    "sanctions": {
                        "type": "array",
                        "maxItems": 500,
                        "items": {"$ref": "#/$defs/sanction"},
                    },
                    "sitting_out": NAME_AT_TABLE,
                    "blind": d(
                        "The blind man's hand at a table of three.", {"const": "Blinde"}
                    ),
                    "context": obj(
                        "Earlier results the rules need; the importer works "
                        "them out itself.",
                        {
                            "solo_made": {
                                "type": "object",
                                "additionalProperties": {
                                    "type": "integer",
                                    "minimum": 0,
                                },
                            }
                        },
                        required=[],
                    ),
                },
                required=["rules", "players", "plays"],
            ),
            "play": obj(
                "One contract played in the deal.",
                {
                    "contract": filled(40),
                    "declarer": NAME_AT_TABLE,
                    "partner": NAME_AT_TABLE,
                    "tricks": whole(0, 13),
                    "trump": enum("hearts", "diamonds", "clubs", "spades", "none"),
                    "jury": enum("approved", "not_called"),
                    "tricks_by_player": {
                        "type": "object",
                        "maxProperties": 4,
                        "additionalProperties": whole(0, 13),
                    },
                    "queen_of_spades": NAME_AT_TABLE,
                    "last_trick": NAME_AT_TABLE,
                },
                required=["contract"],
            ),
            "sanction": obj(
                "A sanction given at the deal.",
                {
                    "code": filled(40),
                    "player": NAME_AT_TABLE,
                    "points": {"type": "integer", "minimum": 3, "multipleOf": 3},
                },
                required=["code", "player"],
            ),
            "juryCall": obj(
                "A decision of the jury on a contract.",
                {
                    "deal": whole(1, 60),
                    "player": REF,
                    "contract": filled(40),
                    "decision": enum("approved", "refused"),
                    "at": {"$ref": "#/$defs/moment"},
                    "user": d("Who recorded it; null: unknown.", null_or(line(150))),
                    "decided_by": d("The jury member or TD who decided.", line(100)),
                },
            ),
            "auditLine": obj(
                "One line of the event's log.",
                {
                    "at": {"$ref": "#/$defs/moment"},
                    "user": null_or(line(150)),
                    "action": filled(40),
                    "detail": {"type": "object", "maxProperties": 20000},
                },
            ),
            "pair": {
                "description": "Two different players by ref.",
                "type": "array",
                "minItems": 2,
                "maxItems": 2,
                "uniqueItems": True,
                "items": REF,
            },
        },
    }
    return schema


def version_10() -> dict:
    """Version 10: corrections of published results (when, why, and which
    tables were reopened for one)."""
    schema = adds(version_9(), 10)
    defs = schema["$defs"]
    round_ = defs["round"]["properties"]
    round_["corrected_at"] = d(
        "When a published round was corrected; null: never.",
        null_or({"$ref": "#/$defs/moment"}),
    )
    round_["correction_reason"] = d(
        "Why, as the TD wrote it (the public pages show it).", line(200)
    )
    defs["table"]["properties"]["reopened_after_publication"] = d(
        "The table was reopened for a correction after its round was published.",
        {"type": "boolean"},
    )
    for name in ("round", "table"):
        defs[name]["required"] = list(defs[name]["properties"])
    return schema


def adds(schema: dict, version: int) -> dict:
    """A copy of ``schema`` that is ``version``'s: its ``$id``, title, version."""
    schema = copy.deepcopy(schema)
    schema["$id"] = f"/results-file/schema/rikscore-event-{version}.json"
    schema["title"] = f"Rikken results file (rikscore.event, version {version})"
    schema["properties"]["version"]["const"] = version
    return schema


SCHEMAS = {9: version_9, 10: version_10}


def text(schema: dict) -> str:
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def main(out: Path) -> None:
    for version, make in SCHEMAS.items():
        (out / f"rikscore-event-{version}.schema.json").write_text(text(make()))


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT)
