"""Every text field of our models says what it holds about people, at its
model (``core.personal_data``), so the erasure and the data export cannot
forget the next free-text field (issue 36); and every audit line naming a
member by entry id reaches their export (issue 38: the keys declared once,
``tournaments.audit``)."""

from pathlib import Path

import pytest
from django.apps import apps
from django.conf import settings

from core.personal_data import PersonalData, problems, unclassified


def our_models() -> list:
    """The models of this project's apps (not Django's, not a library's)."""
    base = Path(settings.BASE_DIR).resolve()
    ours = [
        config
        for config in apps.get_app_configs()
        if Path(config.path).resolve().is_relative_to(base)
        and not {".venv", "site-packages"} & set(Path(config.path).parts)
    ]
    return [m for config in ours for m in config.get_models()]


def test_our_apps_are_found():
    labels = {m._meta.app_label for m in our_models()}
    assert {"rules", "tournaments", "scoring", "seasons", "api", "mailings"} <= labels
    assert "auth" not in labels and "axes" not in labels


def test_every_text_field_is_declared_personal_or_not():
    undeclared = {
        f"{model._meta.label}.{name}"
        for model in our_models()
        for name in unclassified(model)
    }
    assert undeclared == set(), (
        "Declare each field in the model's `privacy = PersonalData(...)`: "
        "text (free text, may name a person), own (the row's person's data) "
        "or plain (names no one); docs/privacy.md"
    )


def test_every_declaration_names_real_fields_and_paths():
    assert [p for model in our_models() for p in problems(model)] == []


def test_a_forgotten_field_is_found(monkeypatch):
    """A test that can fail: a declaration that leaves a field out."""
    from tournaments.models import Round

    monkeypatch.setattr(Round, "privacy", PersonalData(plain=("status",)))
    assert unclassified(Round) == ["correction_reason"]
    monkeypatch.setattr(Round, "privacy", PersonalData(plain=("status", "nothing")))
    assert problems(Round) == ["tournaments.Round.nothing: no such field"]


def test_a_single_name_is_not_taken_for_a_tuple():
    import pytest

    with pytest.raises(TypeError):
        PersonalData(text=("reason"))


def test_the_register_entry_is_exported_and_erased_field_by_field():
    """Every field of the register entry that is the member's own is listed
    in their export and emptied or replaced by their erasure."""
    from seasons.privacy import CLEARED, REGISTER_FIELDS
    from tournaments.models import Player

    own = set(Player.privacy.own)
    assert set(REGISTER_FIELDS) == own
    replaced = {"name", "public_name", "public_id"}  # pseudonym, hidden, new
    assert set(CLEARED) | replaced == own


# -- audit lines that name a member by entry id (issue 38) -------------------
#: Detail keys of our audit writers that hold no entry or player id, and why.
NO_ID_KEYS = {
    "round", "table", "deal", "number", "version", "position", "seat", "seats",
    "from_table", "from_seat", "to_table", "to_seat", "was_out", "after",
    "choice", "rounds", "source", "fields", "slug", "reason", "record",
    "scores", "old", "new", "mode", "entered_by", "contract", "decision",
    "decided_by", "keep", "gone", "username", "role", "name", "hint",
    "pseudonym", "guest", "corrected", "unpublished", "detail", "changes",
    "chose", "key", "site",  # publishing: a choice, a key's hint, an address
}  # fmt: skip
#: Not an id of anyone with data: ``id`` names a merged player who is gone.
GONE_KEYS = {"id"}


def writers_keys() -> dict[str, set[str]]:
    """{key: files} of every keyword our code passes to an audit writer."""
    import ast

    base = Path(settings.BASE_DIR)
    found: dict[str, set[str]] = {}
    for path in base.glob("*/**/*.py"):
        if {".venv", "tests", "migrations", "node_modules"} & set(path.parts):
            continue
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            if name in ("audit", "table_line", "deal_line", "_detail"):
                for kw in node.keywords:
                    if kw.arg:
                        found.setdefault(kw.arg, set()).add(str(path.relative_to(base)))
    return found


def test_every_audit_key_is_declared_an_id_or_not():
    """A writer that names an entry under a new key must declare it in
    ``tournaments.audit.ENTRY_KEYS`` (or say here why it names no one):
    else the member's export would miss the line."""
    from tournaments.audit import ENTRY_KEYS, PLAYER_KEYS

    known = set(ENTRY_KEYS) | set(PLAYER_KEYS) | NO_ID_KEYS | GONE_KEYS
    found = writers_keys()
    assert {"entry", "out", "entered_entry", "tables"} <= set(found)
    assert {k: v for k, v in found.items() if k not in known} == {}


@pytest.mark.django_db
def test_the_export_lists_every_line_that_names_the_member_by_entry(season):
    """One line of every key that holds entry ids (a substitution's ``out``
    too), each naming the member's entry: their export lists them all."""
    from seasons.privacy import player_data
    from tournaments.audit import ENTRY_KEYS, audit
    from tournaments.models import Entry

    entry = Entry.objects.filter(tournament__evening__competition=season).first()
    event, pk = entry.tournament, entry.pk
    shapes = {"entries": [pk], "tables": [[pk, 0]], "byes": [pk]}
    for key in ENTRY_KEYS:
        audit(event, None, f"test.{key}", **{key: shapes.get(key, pk)})
    audit(event, None, "round.substitute", round=1, out=pk, entry=0)
    audit(event, None, "test.other", entry=pk + 100000)
    log = {line["action"] for line in player_data(entry.player)["log"]}
    assert {f"test.{key}" for key in ENTRY_KEYS} | {"round.substitute"} <= log
    assert "test.other" not in log
