"""Every text field of our models says what it holds about people, at its
model (``core.personal_data``), so the erasure and the data export cannot
forget the next free-text field (issue 36). No database."""

from pathlib import Path

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
