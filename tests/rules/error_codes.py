"""The stable error codes of deal-record.md, "Error codes"."""

CODES = frozenset(
    {
        "bad_json", "unknown_field", "unknown_rules", "bad_players", "unknown_player",
        "unknown_contract", "declarer_missing", "partner_missing",
        "partner_not_allowed", "partner_is_declarer", "tricks_missing",
        "tricks_out_of_range", "tricks_total", "simultaneous_not_allowed",
        "trump_mismatch", "jury_required", "solo_limit", "unknown_sanction",
        "sanction_points", "sanction_player",
    }
)  # fmt: skip
