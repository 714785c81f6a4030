"""Who uses a house-rule set: while anyone does, the set keeps its code.

Two kinds of reference, both found through Django so that ``rules`` imports
no higher layer: rows with a foreign key to the set (a season's
``rule_set``), found through the model's relations, so a reference added
later counts too; and text fields that name a schedule by its code (an
event's ``rules``, which it freezes at its first deal), listed in
``CODE_FIELDS``.
"""

from django.apps import apps
from django.utils.translation import gettext as _

#: Text fields holding a schedule's code: (model label, field name).
CODE_FIELDS = (("tournaments.Tournament", "rules"), ("seasons.Competition", "rules"))
SHOWN = 5  # names in a message; the rest are counted


def users_of(rule_set) -> list[str]:
    """Who uses ``rule_set``, in words ("tournament “Club night 3”"): at
    most ``SHOWN`` names and a count of the rest; empty when nobody."""
    found: dict = {}
    for model, rows in _references(rule_set):
        found.setdefault(model, set()).update(rows.values_list("pk", flat=True))
    words: list[str] = []
    for model, pks in found.items():
        room = SHOWN - len(words)
        if room > 0 and pks:
            kind = str(model._meta.verbose_name)
            rows = model._default_manager.filter(pk__in=sorted(pks)[:room])
            words += [f"{kind} “{row}”" for row in rows.order_by("pk")]
    rest = sum(len(pks) for pks in found.values()) - len(words)
    if rest > 0:
        words.append(_("and %(n)s more") % {"n": rest})
    return words


def _references(rule_set):
    """(model, queryset) of every kind of reference to ``rule_set``."""
    for relation in rule_set._meta.related_objects:
        model = relation.related_model
        if model._meta.app_label == "rules" or not relation.many_to_one:
            continue  # the set's own records (its former codes) use nothing
        yield model, model._default_manager.filter(**{relation.field.name: rule_set})
    for label, field in CODE_FIELDS:
        try:
            model = apps.get_model(label)
        except LookupError:
            continue
        yield model, model._default_manager.filter(**{field: rule_set.slug})


def in_use_message(code: str, users: list[str]) -> str:
    return _(
        "This set is in use, so the code stays “%(code)s”: %(users)s. Save it "
        "as a copy to use another code."
    ) % {"code": code, "users": ", ".join(users)}
