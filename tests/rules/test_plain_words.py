"""A TD reads words, not field names: every label of the house-rule
editor and the rules pages is a word with a one-line help text, in Dutch (or
English when the page is English)."""

import re

import pytest
from django.utils import translation

from rules.engine.house_rules import editable_keys
from rules.engine.labels import FIELDS, KINDS, LOSS_MODES, PAYMENTS, SCHEDULE, VARIANTS
from rules.engine.presets import PRESETS, get_preset
from rules.engine.types import Kind, LossMode, Payment
from td.forms_rules import contract_fields, where_in_words


def visible(html: str) -> str:
    """The page's text as read: no tags, attributes or scripts."""
    body = html.split("<main", 1)[1].split(">", 1)[1]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body))


def test_every_term_has_a_label_and_a_one_line_help():
    terms = [
        *FIELDS.values(),
        *SCHEDULE.values(),
        *KINDS.values(),
        *LOSS_MODES.values(),
        *PAYMENTS.values(),
        *VARIANTS.values(),
    ]
    with translation.override("en"):
        for term in terms:
            assert str(term.text) and str(term.help), term
            assert "\n" not in str(term.help) and len(str(term.help)) < 110
    assert set(KINDS) == set(Kind) and set(LOSS_MODES) == set(LossMode)
    assert set(PAYMENTS) == set(Payment)


def test_every_editable_key_and_variant_of_every_preset_has_words():
    for code in PRESETS:
        preset = get_preset(code)
        for contract in preset.contracts.values():
            assert set(editable_keys(contract.kind)) <= set(FIELDS)
            if contract.variant:
                assert contract.variant in VARIANTS


def test_a_problem_is_named_by_its_labels():
    nl = get_preset("nl")
    with translation.override("en"):
        assert where_in_words("contracts.rik.base", nl) == "Rik · Base"
        assert where_in_words("solo_limit", nl) == "Solo limit"
        assert where_in_words("contracts.nope.step", nl) == "nope · Per trick"


def test_loss_mode_is_a_choice_in_words():
    with translation.override("en"):  # the labels are lazy: read them in English
        field = next(
            f
            for f in contract_fields(get_preset("nl").contracts["rik"])
            if f.key == "loss_mode"
        )
        assert field.widget == "select" and field.value == "declarer"
        assert [str(text) for _v, text in field.choices] == [
            "Declarer and partner",
            "Declarer alone (pays double)",
        ]


@pytest.fixture
def editor(client, make_user):
    client.force_login(make_user("staff", is_staff=True))
    return client


@pytest.mark.django_db
def test_the_editor_shows_words_with_help_in_english(editor):
    html = editor.get("/rules/nl/edit/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    text = visible(html)
    for label in (
        "Base",
        "Per trick",
        "All 13 bonus",
        "Who pays a failed game",
        "Playable",
        "Jury required",
        "Counts for the solo limit",
        "Declarer alone (pays double)",
        "Solo limit",
    ):
        assert label in text, label
    assert "Points each opponent pays when the contract is just made." in text
    assert 'aria-describedby="help-base"' in html and 'id="help-base"' in html
    for raw in ("bonus13", "loss_mode", "solo_limit", "both", "beter-solos"):
        assert raw not in text, raw


@pytest.mark.django_db
def test_the_rules_page_says_kinds_and_groups_in_words(client):
    html = client.get("/rules/pagat/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    text = visible(html)
    for words in (
        "With a partner",
        "Alone, fixed value",
        "Misère",
        "Piek",
        "Declarer and partner",
        "Misère, Piek",
        "What the columns mean",
    ):
        assert words in text, words
    for raw in ("fixed-solo", " team ", " m4 ", " both ", "all-pass", "each-to-each"):
        assert raw not in text, raw


def _dutch_catalogue_has_the_plain_words():
    with translation.override("nl"):
        return str(FIELDS["base"].help) != (
            "Points each opponent pays when the contract is just made."
        )


@pytest.mark.django_db
@pytest.mark.skipif(
    not _dutch_catalogue_has_the_plain_words(),
    reason="Dutch catalogue not yet compiled with the plain words' strings",
)
def test_the_editor_speaks_dutch(editor):
    with translation.override("nl"):
        terms = [*FIELDS.values(), *KINDS.values(), *LOSS_MODES.values()]
        dutch = [(str(t.text), str(t.help)) for t in terms]
    with translation.override("en"):
        english = [(str(t.text), str(t.help)) for t in terms]
    untranslated = [e for e, n in zip(english, dutch, strict=True) if e[1] == n[1]]
    assert untranslated == []
    text = visible(
        editor.get("/rules/nl/edit/", HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    )
    for label, help_text in dutch[: len(FIELDS)]:
        assert label in text and help_text in text
