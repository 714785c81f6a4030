"""A register player's name in free text: found and rewritten in every text
field a model declares (``core.personal_data``), for their data export and
their erasure (``seasons.privacy``).

The fields are the models' own declarations, found through the app
registry: nothing here lists a model, so a text field added to any app is
covered once its model declares it. A name is matched as a whole word,
never inside another register player's longer name ("Jan" in "Jan Jansen"
stays), in plain text, in JSON (keys too) and as HTML writes it. When
another register player has the same name, only the places that are the
player's alone are touched (``Scope``).
"""

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import reduce
from operator import or_

from django.db.models import JSONField, Q, QuerySet, TextField
from django.db.models.functions import Cast
from django.utils.html import escape

from core.personal_data import PersonalData, declared_models, target
from seasons.models import Competition
from tournaments.models import Entry, Player, Tournament
from tournaments.names import name_key


def name_forms(player: Player) -> list[str]:
    """The ways stored text names the player: label first (it holds the name)."""
    forms = {player.label.strip(), player.name.strip()}
    return sorted((f for f in forms if f), key=len, reverse=True)


def _written(form: str) -> set[str]:
    """``form`` as text, as JSON writes it (``\\u00eb``) and as HTML does."""
    return {form, json.dumps(form)[1:-1], escape(form)}


def mentioning(rows: QuerySet, fields, forms: list[str]) -> QuerySet:
    """Rows any of whose ``fields`` (text or JSON) holds one of ``forms``:
    the database's quick pass; ``Scrubber.names`` then decides."""
    needles = {n for form in forms for n in _written(form)}
    if not needles or not fields:
        return rows.none()
    model = rows.model
    conditions = []
    for name in fields:
        lookup = name
        if isinstance(model._meta.get_field(name), JSONField):
            lookup = f"_text_{name}"
            rows = rows.annotate(**{lookup: Cast(name, TextField())})
        conditions += [Q(**{f"{lookup}__icontains": n}) for n in needles]
    return rows.filter(reduce(or_, conditions))


def _whole_words(names) -> re.Pattern:
    words = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    return re.compile(rf"(?<!\w)(?:{words or '(?!)'})(?!\w)", re.IGNORECASE)


class Scrubber:
    """Replaces the player's name in text with ``new``: as a whole word,
    never inside another register player's longer name."""

    def __init__(self, player: Player, new: str):
        self.new = new
        self.pattern = _whole_words(
            {w for form in name_forms(player) for w in _written(form)}
        )
        name = player.name.strip()
        others = Player.objects.exclude(pk=player.pk).filter(name__icontains=name)
        longer = set(others.values_list("name", flat=True)) if name else set()
        key = name_key(player.name)
        self.protected = [
            _whole_words(_written(n)) for n in longer if name_key(n) != key
        ]

    def text(self, value: str) -> str:
        guarded = [m.span() for p in self.protected for m in p.finditer(value)]

        def swap(match):
            inside = any(a <= match.start() and match.end() <= b for a, b in guarded)
            return match.group(0) if inside else self.new

        return self.pattern.sub(swap, value)

    def json(self, value):
        """Every string of a JSON value, keys too."""
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, list):
            return [self.json(v) for v in value]
        if isinstance(value, dict):
            return {self.text(k): self.json(v) for k, v in value.items()}
        return value

    def names(self, value) -> bool:
        """Whether ``value`` (text or JSON) names the player."""
        return self.json(value) != value


@dataclass(frozen=True)
class Scope:
    """Where text may be about the player: everywhere (``events`` None), or,
    when another register player has the same name, only the player's own
    events where that namesake did not play and the seasons of such events
    where the namesake played no evening. Text that belongs to no event or
    season then stays: it could be about either of them."""

    events: QuerySet | None = None
    seasons: QuerySet | None = None

    @classmethod
    def of(cls, player: Player) -> "Scope":
        key = name_key(player.name)
        namesakes = [
            p.pk
            for p in Player.objects.exclude(pk=player.pk).filter(
                name__iexact=player.name.strip()
            )
            if name_key(p.name) == key
        ]
        if not namesakes:
            return cls()
        own = Entry.objects.filter(player=player).values("tournament_id")
        theirs = Entry.objects.filter(player__in=namesakes).values("tournament_id")
        events = Tournament.objects.filter(pk__in=own).exclude(pk__in=theirs)
        seasons = Competition.objects.filter(evenings__tournament__in=own).exclude(
            evenings__tournament__in=theirs
        )
        return cls(events, seasons)

    def rows(self, model, declared: PersonalData, rows: QuerySet) -> QuerySet:
        """The rows of ``model`` within the scope, by its ``within`` paths."""
        if self.events is None:
            return rows
        places = {Tournament: self.events, Competition: self.seasons}
        conditions = []
        for path in declared.within:
            if (found := places.get(target(model, path))) is not None:
                conditions.append(Q(**{f"{path}__in": found.values("pk")}))
        return rows.filter(reduce(or_, conditions)) if conditions else rows.none()


@dataclass(frozen=True)
class Mention:
    """One row whose declared text ``fields`` name the player."""

    model: type
    declared: PersonalData
    row: object
    fields: tuple[str, ...]

    def rewritten(self, scrub: Scrubber) -> dict:
        """{field: value} with the name replaced, cut to the column's length."""
        out = {}
        for name in self.fields:
            field = self.model._meta.get_field(name)
            value = getattr(self.row, name)
            if isinstance(field, JSONField):
                out[name] = scrub.json(value)
            else:
                new = scrub.text(value)
                out[name] = new[: field.max_length] if field.max_length else new
        return out

    def places(self) -> dict[str, str | None]:
        """The codes of the event and the season the row belongs to."""
        lookups = {}
        for path in self.declared.within:
            kind = {Tournament: "event", Competition: "season"}.get(
                target(self.model, path)
            )
            if kind and kind not in lookups:
                lookups[kind] = "slug" if path == "pk" else f"{path}__slug"
        if not lookups:
            return {}
        rows = self.model._base_manager.filter(pk=self.row.pk)
        found = rows.values(*lookups.values()).first() or {}
        return {kind: found.get(lookup) for kind, lookup in lookups.items()}

    def events(self) -> set[int]:
        """The events whose pages may show this row: its own, or its
        season's evenings."""
        rows = self.model._base_manager.filter(pk=self.row.pk)
        out: set[int] = set()
        for path in self.declared.within:
            to = target(self.model, path)
            if to is Tournament:
                out.update(i for i in rows.values_list(path, flat=True) if i)
            elif to is Competition:
                evenings = Tournament.objects.filter(
                    evening__competition__in=rows.values(path)
                )
                out.update(evenings.values_list("pk", flat=True))
        return out


def mentions(player: Player, scrub: Scrubber, scope: Scope) -> Iterator[Mention]:
    """Every row of every declared text field that names the player, within
    ``scope``, model by model."""
    forms = name_forms(player)
    for model, declared in declared_models():
        found = mentioning(model._base_manager.all(), declared.text, forms)
        for row in scope.rows(model, declared, found).order_by("pk"):
            fields = tuple(f for f in declared.text if scrub.names(getattr(row, f)))
            if fields:
                yield Mention(model, declared, row, fields)
