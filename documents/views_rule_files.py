"""House-rule sets as files: download a set, load one (docs/rule-files.md).

The views only pass bytes to ``rules.rule_files`` and its problems back in
the page's words; the file format and its checks live there.
"""

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rules.engine.presets import get_preset
from rules.models import HouseRuleSet
from rules.rule_files import (
    MAX_BYTES,
    RuleFileError,
    dumps,
    export_rule_set,
    import_rule_set,
    parse,
)
from td.forms_rules import where_in_words


def download(request, code: str):
    """The set as a ``.json`` file: rules are public, like the rules page."""
    rule_set = get_object_or_404(HouseRuleSet, slug=code)
    response = HttpResponse(
        dumps(export_rule_set(rule_set)), content_type="application/json"
    )
    response["Content-Disposition"] = f'attachment; filename="{code}.rikrules.json"'
    return response


def upload(request):
    """Load a set from a file: whoever may make house-rule sets."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not request.user.has_perm("rules.add_houseruleset"):
        raise PermissionDenied
    errors: list[str] = []
    slug = request.POST.get("slug", "").strip()
    if request.method == "POST":
        upload = request.FILES.get("file")
        if upload is None:
            errors.append(_("Choose the rule file to load."))
        elif upload.size > MAX_BYTES:
            errors.append(
                _("The file is larger than %(kb)s kB: not a rule file.")
                % {"kb": MAX_BYTES // 1000}
            )
        else:
            data, problems = parse(upload.read())
            try:
                if problems:
                    raise RuleFileError(problems)
                rule_set = import_rule_set(data, request.user, slug or None)
            except RuleFileError as exc:
                errors = _in_words(exc.violations, data)
            else:
                _tell(request, rule_set, data)
                return redirect("td:rule-schedule", rule_set.slug)
    return render(
        request,
        "documents/import_rules.html",
        {"errors": errors, "slug": slug, "max_kb": MAX_BYTES // 1000},
    )


def _tell(request, rule_set: HouseRuleSet, data: dict) -> None:
    if rule_set.slug == data.get("slug"):
        messages.success(
            request, _("Rule set loaded: “%(name)s”.") % {"name": rule_set.name}
        )
    else:
        messages.success(
            request,
            _(
                "Rule set loaded: “%(name)s”. The code “%(wanted)s” was taken, so "
                "it got the code “%(code)s”."
            )
            % {
                "name": rule_set.name,
                "wanted": data.get("slug"),
                "code": rule_set.slug,
            },
        )


def _in_words(violations, data) -> list[str]:
    """Each problem under the label the editor uses where it has one
    ("Rik · Base" for ``overrides.contracts.rik.base``)."""
    code = data.get("preset") if isinstance(data, dict) else None
    preset = get_preset(code) if isinstance(code, str) else None
    lines = []
    for v in violations:
        where = v.field
        if preset is not None and where.startswith("overrides."):
            where = where_in_words(where.removeprefix("overrides."), preset)
        elif where in FILE_FIELDS:
            where = str(FILE_FIELDS[where])
        lines.append(f"{where}: {v.message}" if where else v.message)
    return lines


#: The document's keys as the upload page names them.
FILE_FIELDS = {
    "name": gettext_lazy("Name"),
    "slug": gettext_lazy("Code"),
    "preset": gettext_lazy("Base preset"),
    "description": gettext_lazy("Description"),
    "format": gettext_lazy("Format"),
    "version": gettext_lazy("Format version"),
    "exported": gettext_lazy("Export date"),
    "overrides": gettext_lazy("Changes to the preset"),
}
