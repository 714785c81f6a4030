"""Pages, JSON and text sent gzipped to whoever accepts it (issue 40: the
phone's table page is 74 kB, 4.7 kB gzipped, on one weak access point).

Django's ``GZipMiddleware``, for text only: a PDF, an XLSX (a zip) or an
image gains nothing and would cost a core's time; static files come
compressed ahead from WhiteNoise. BREACH (guessing a secret in a
compressed page from its length) is answered as Django answers it: the
CSRF token in every form is masked afresh for each response, and the
middleware adds up to 100 random bytes to each gzipped answer
(Django 4.2, "Heal the BREACH"), so the length no longer tells
(docs/decisions.md).
"""

from django.middleware.gzip import GZipMiddleware

#: What is worth compressing: the types a page, an API or a feed sends.
TEXT = (
    "text/",
    "application/json",
    "application/schema+json",
    "application/javascript",
    "application/manifest+json",
    "image/svg+xml",
)


class TextGZipMiddleware(GZipMiddleware):
    def process_response(self, request, response):
        kind = response.get("Content-Type", "").split(";")[0].strip().lower()
        if not kind.startswith(TEXT):
            return response
        return super().process_response(request, response)
