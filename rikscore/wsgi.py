"""WSGI entry point."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rikscore.settings")
application = get_wsgi_application()

# The seating search is compiled code (numba, cached on disk): load it now,
# once per server process, so the TD's first "Generate seating" does not
# wait for it (tournaments.seating.warm).
from tournaments.seating_screen import warm_at_start  # noqa: E402

warm_at_start()
