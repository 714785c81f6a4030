"""Every page type's HTML written to a folder, for the Nu HTML checker and
Lighthouse (docs/accessibility.md, "Markup and Lighthouse figures").

The pages are those of the every-page browser test
(``tests/e2e/test_every_page_fits.py``: every route of the site's own URL
confs, the accounts' pages, a 404), on the demo, each asked once in Dutch
(logged out for the public's, as the demo TD for the rest) through Django's
test client on a throw-away test database.

    python scripts/page_markup.py /tmp/pages
    java -jar vnu.jar --errors-only --skip-non-html /tmp/pages
"""

import os
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rikscore.settings")


def main(folder: str) -> None:
    import django

    django.setup()
    from django.test import Client
    from django.test.runner import DiscoverRunner
    from django.test.utils import setup_test_environment

    setup_test_environment()
    DiscoverRunner(verbosity=0).setup_databases()
    from tests.e2e import test_every_page_fits as crawl

    urls, unknown = crawl._urls(crawl._seed())
    assert not unknown, unknown
    anyone = Client(HTTP_ACCEPT_LANGUAGE="nl")
    td = Client(HTTP_ACCEPT_LANGUAGE="nl")
    from django.contrib.auth import get_user_model

    td.force_login(get_user_model().objects.get(username="td"))
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    written = 0
    for name, url in urls:
        client = anyone if name.startswith(crawl.PUBLIC) else td
        answer = client.get(url)
        kind = answer.get("Content-Type", "")
        if answer.status_code != crawl.ANSWERS.get(url, 200) or "text/html" not in kind:
            continue
        html = answer.content.decode()
        if "<html" not in html[:500].lower():
            continue  # an htmx fragment
        safe = re.sub(r"[^a-z0-9]+", "-", f"{name}-{url}".lower()).strip("-")
        (out / f"{safe}.html").write_text(html)
        written += 1
    print(f"{written} pages written to {out}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "pages")
