"""docs/architecture.md stays true: its table names every app of the code
with the layer the layer test gives it, and no app or layer the code does
not have; its picture shows every app; every app it names is a package
(and, but for the project, an installed app). Read as text: no database."""

import re

from django.conf import settings

from tests.architecture.imports import ROOT
from tests.architecture.test_layers import AUDIENCE, CORE, DEMO, DOMAIN, LAYERS, PROJECT

DOC = ROOT / "docs" / "architecture.md"
KINDS = {"core": CORE, "domain": DOMAIN, "audience": AUDIENCE, "demo": DEMO}
KINDS["project"] = PROJECT
ROW = re.compile(r"^\| (\w+) \| `(\w+)/` \|", re.M)


def documented() -> dict[str, int]:
    rows = ROW.findall(DOC.read_text())
    assert rows, "the table of apps is missing"
    return {app: KINDS[kind] for kind, app in rows}


def test_the_table_names_every_app_in_its_layer():
    code = {app: kind for app, (kind, _order) in LAYERS.items()}
    assert documented() == code


def test_the_picture_shows_every_app():
    picture = DOC.read_text().split("```")[1]
    assert [app for app in LAYERS if not re.search(rf"\b{app}\b", picture)] == []


def test_every_app_named_is_a_package_and_installed():
    for app in documented():
        assert (ROOT / app / "__init__.py").exists(), app
        assert app == "rikscore" or app in settings.INSTALLED_APPS, app


def test_a_missing_app_is_seen():
    """A test that can fail: an app the code has but the page lacks."""
    rows = dict(documented())
    rows.pop("documents")
    assert rows != {app: kind for app, (kind, _order) in LAYERS.items()}
