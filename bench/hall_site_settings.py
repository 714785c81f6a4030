"""The production settings for the site of ``bench.hall_site``, but with
its static files collected into its own folder, hashed and not compressed
(compressing every file takes a minute; serving them is not what is
measured there)."""

import os

from rikscore.settings import *  # noqa: F403

STATIC_ROOT = os.environ["HALL_SITE_STATIC"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.ManifestStaticFilesStorage"
    },
}
