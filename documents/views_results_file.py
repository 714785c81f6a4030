"""The results file for anyone (docs/results-file.md): its JSON Schema at a
stable address, its specification and example files, and a page that
checks an uploaded file.

The schema is what another club's software fetches, from a browser too:
any origin may read it (CORS) and caches may keep it. The check page is
public: it stores nothing (``results_file_check``), takes a file as large
as the event import page does (anonymous requests are bounded before any
view by ``core.request_limits``), and answers an anonymous client at most
``CHECKS.limit`` times per ``CHECKS.window`` seconds: a check may run a
whole import, rolled back.
"""

import hashlib
from pathlib import Path

from django import forms
from django.conf import settings
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET, require_http_methods

from core.request_limits import ANONYMOUS_BYTES
from core.window_counter import ClientLimit
from documents.results_file_check import check_results_file
from documents.results_file_schema import NEWEST, schema_text
from documents.views import MAX_UPLOAD

SCHEMA_TYPE = "application/schema+json"
#: How long a browser or proxy may keep the schema: a version's schema
#: changes only to say better what that version is; the newest moves on.
KEEP_VERSION, KEEP_NEWEST = 24 * 3600, 3600
#: Anonymous checks per client and window (``core.window_counter``).
CHECKS = ClientLimit("results-file-check", limit=20, window=600)
DOCS = Path(settings.BASE_DIR) / "docs"
SPEC = DOCS / "results-file.md"
#: The example files (docs/results-file/examples/<name>.json), each at a
#: fixed address of its own.
EXAMPLES = ("table-of-four", "table-of-five", "table-of-three", "typed-totals",
            "namesakes")  # fmt: skip


@require_GET
def schema(request, version: int = NEWEST):
    """The event file's JSON Schema; without a version, the newest."""
    keep = KEEP_NEWEST if version == NEWEST else KEEP_VERSION
    return _shared(request, schema_text(version), SCHEMA_TYPE, keep)


@require_GET
def specification(request):
    """docs/results-file.md as it is (Markdown is plain text to read)."""
    return _document(request, SPEC, "text/markdown; charset=utf-8")


@require_GET
def example(request, name: str):
    if name not in EXAMPLES:
        raise Http404
    path = DOCS / "results-file" / "examples" / f"{name}.json"
    return _document(request, path, "application/json")


def _document(request, path: Path, content_type: str) -> HttpResponse:
    try:
        body = path.read_bytes()
    except OSError:  # an installation without the docs folder
        raise Http404 from None
    return _shared(request, body, content_type, KEEP_NEWEST)


def _shared(request, body: bytes, content_type: str, seconds: int) -> HttpResponse:
    """Readable from any origin, kept by any cache for ``seconds``, asked
    again with its ETag (304 when unchanged)."""
    tag = f'"{hashlib.sha256(body).hexdigest()[:32]}"'
    response = get_conditional_response(request, etag=tag) or HttpResponse(
        body, content_type=content_type
    )
    response["ETag"] = tag
    response["Access-Control-Allow-Origin"] = "*"
    patch_cache_control(response, public=True, max_age=seconds)
    return response


class ResultsFileForm(forms.Form):
    file = forms.FileField(
        label=_("Results file (JSON)"),
        widget=forms.FileInput(attrs={"accept": ".json,application/json"}),
    )


@require_http_methods(["GET", "POST"])
def check(request):
    """Anyone uploads an event or season file and sees every problem by its
    path, or what the file holds. Nothing is stored."""
    posted = request.method == "POST"
    form = ResultsFileForm(request.POST, request.FILES) if posted else ResultsFileForm()
    context = {
        "form": form,
        "max_mb": MAX_UPLOAD // (1024 * 1024),
        "anonymous_kb": ANONYMOUS_BYTES // 1024,
        "examples": EXAMPLES,
    }
    if posted and not request.user.is_authenticated and CHECKS.over(request):
        context.update(form=ResultsFileForm(), too_many_minutes=CHECKS.window // 60)
        response = render(
            request, "documents/check_results_file.html", context, status=429
        )
        response["Retry-After"] = str(CHECKS.window)
        return response
    if posted and form.is_valid():
        upload = form.cleaned_data["file"]
        if upload.size > MAX_UPLOAD:
            form.add_error("file", _("The file is too large."))
        else:
            context["report"] = check_results_file(upload.read())
            context["file_name"] = upload.name
    return render(request, "documents/check_results_file.html", context)
