"""The service worker that keeps the table's page on the phone, so a reload
without a connection still shows the table, the deals kept on the phone and
the form (``templates/tableside/worker.js``).

It is served from ``/k/`` so its scope covers every table link and nothing
else. Browsers run service workers only on HTTPS or localhost: on a hall's
plain-HTTP network the page works as before and the deals typed offline are
still kept (localStorage), only a reload needs the connection
(docs/table-side.md)."""

import hashlib
import json

from django.http import HttpResponse
from django.template.loader import render_to_string
from django.templatetags.static import static

#: What the table's page loads; kept for offline use.
ASSETS = (
    "css/rikscore.css",
    "vendor/htmx.min.js",
    "js/site.js",
    "js/entry.js",
    "js/tableside.js",
    "img/favicon.svg",
    "img/favicon.png",
)
#: Raised when the worker's own logic changes (asset names change by hash).
WORKER_VERSION = 6


def worker(request):
    assets = [static(a) for a in ASSETS]
    version = hashlib.sha256(
        f"{WORKER_VERSION}|{'|'.join(assets)}".encode()
    ).hexdigest()[:12]
    script = render_to_string(
        "tableside/worker.js",
        {"assets_json": json.dumps(assets), "version": version},
    )
    response = HttpResponse(script, content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    return response
