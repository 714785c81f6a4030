"""The codes ``validate_record`` can return: deal-record.md's "Error codes"
(``blind_declares`` for a table of three among them), and those for what that
document leaves open (rules/engine/problems.py)."""

SPEC = frozenset(
    {
        "bad_json", "unknown_field", "unknown_rules", "bad_players", "unknown_player",
        "unknown_contract", "declarer_missing", "partner_missing",
        "partner_not_allowed", "partner_is_declarer", "tricks_missing",
        "tricks_out_of_range", "tricks_total", "simultaneous_not_allowed",
        "trump_mismatch", "jury_required", "solo_limit", "unknown_sanction",
        "sanction_points", "sanction_player", "blind_declares",
    }
)  # fmt: skip
#: A record of the wrong shape, and "jury not called" beside an approval.
SHAPES = frozenset(
    {"bad_plays", "bad_sanctions", "bad_context", "bad_jury", "bad_trump",
     "jury_conflict"}
)  # fmt: skip
CODES = SPEC | SHAPES
