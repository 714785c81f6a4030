"""Rule schedules: overview, detail, and cloning a schedule into a house-rule set."""

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from rules.engine.house_rules import check_overrides
from rules.engine.labels import FIELDS, PRICES, SCHEDULE, variant_label
from rules.engine.presets import get_preset
from rules.models import CODE_INVALID, HouseRuleSet
from rules.resolver import resolve_schedule, schedule_choices
from rules.usage import in_use_message, users_of
from td.forms_rules import contract_fields, shape_groups, where_in_words
from td.rules_display import contract_rows
from td.rules_editor import overrides_from_form


def overview(request):
    return render(request, "td/rules/overview.html", {"schedules": schedule_choices()})


def detail(request, code: str):
    schedule = resolve_schedule(code)
    if schedule is None:
        raise Http404
    rule_set = HouseRuleSet.objects.filter(slug=code).first()
    rows = contract_rows(schedule)
    kinds = list(dict.fromkeys(row.kind for row in rows))
    return render(
        request,
        "td/rules/detail.html",
        {
            "schedule": schedule,
            "rule_set": rule_set,
            "rows": rows,
            "terms": _terms(),
            "kinds": kinds,
        },
    )


def _terms():
    """The column headings' help, for the legend under the table."""
    keys = ("base", "step", "bonus13", "value", "unit", "loss_mode", "jury",
            "solo_limit")  # fmt: skip
    return [SCHEDULE["target"], *(FIELDS[k] for k in keys), SCHEDULE["group"]]


def edit(request, code: str):
    """Clone a preset or a house-rule set (or edit a set) and change any number."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not request.user.has_perm("rules.add_houseruleset"):
        raise PermissionDenied
    source = resolve_schedule(code)
    if source is None:
        raise Http404
    existing = HouseRuleSet.objects.filter(slug=code).first()
    may_change = existing is not None and request.user.has_perm(
        "rules.change_houseruleset", existing
    )
    base = get_preset(source.preset)
    users = users_of(existing) if existing is not None else []
    errors: list[str] = []
    if request.method == "POST":
        saving = request.POST.get("mode") == "save" and existing is not None
        rule_set = existing if saving and may_change else None
        slug = request.POST.get("slug", "").strip()
        if saving and not may_change:
            errors.append(
                _(
                    "This set is read-only for you: it is someone else's, or an event "
                    "that started plays by it. Save it as a copy under a new code."
                )
            )
        elif rule_set and slug != rule_set.slug and users:
            errors.append(in_use_message(rule_set.slug, users))
        elif (
            rule_set
            and slug != rule_set.slug
            and not request.user.has_perm("rules.rename_houseruleset", rule_set)
        ):
            errors.append(
                _(
                    "An event plays by this set under its code: the code stays "
                    "“%(code)s”. Save it as a copy to use another code."
                )
                % {"code": rule_set.slug}
            )
    if request.method == "POST" and not errors:
        rule_set = rule_set or HouseRuleSet(preset=source.preset, owner=request.user)
        rule_set.slug = slug
        rule_set.name = request.POST.get("name", "").strip()
        rule_set.overrides = overrides_from_form(base, request.POST)
        variants = [v for v in request.POST.getlist("variants") if v]
        if variants:
            rule_set.overrides["variants"] = variants
        errors = _errors_in_words(rule_set, base)
        if not errors:
            rule_set.save()
            messages.success(request, _("House-rule set saved."))
            return redirect("td:rule-schedule", rule_set.slug)
    rows = [
        (c, contract_fields(c))
        for c in sorted(source.contracts.values(), key=lambda c: c.rank)
    ]
    variants = sorted({c.variant for c in base.contracts.values() if c.variant})
    context = {
        "source": source,
        "existing": existing,
        "rows": rows,
        "errors": errors,
        "may_change": may_change,
        "users": users,
        "fields": FIELDS,
        "schedule_terms": SCHEDULE,
        "prices": PRICES,
        "variants": [(v, variant_label(v)) for v in variants],
        "data": request.POST if request.method == "POST" else None,
        "shape_groups": shape_groups(
            base, source, request.POST if request.method == "POST" else None
        ),
    }
    return render(request, "td/rules/edit.html", context)


def _code_words(key: str, error: ValidationError) -> str:
    """The error's message; a code's format in plain words, not "slug"."""
    if key == "slug" and error.code == "invalid":
        return str(CODE_INVALID)
    return " ".join(error.messages)


def _errors_in_words(rule_set, base) -> list[str]:
    """Every problem of the set, each under the label the page shows (the
    model's own check would name ``contracts.rik.base``)."""
    errors = [
        f"{where_in_words(v.field, base)}: {v.message}"
        for v in check_overrides(rule_set.preset, rule_set.overrides)
    ]
    try:
        rule_set.full_clean(exclude=["overrides"])
    except ValidationError as exc:
        labels = {"slug": _("Code"), "name": _("Name")}
        errors += [
            f"{labels.get(key, key)}: {_code_words(key, error)}"
            for key, ms in exc.error_dict.items()
            if key != "overrides"
            for error in ms
        ]
    return errors
