"""The layers stay one-way and the pure core stays pure (read with ``ast``
and, for templates and URL names, as text): docs/architecture.md.

Bottom up: ``core`` (shared infrastructure) < the domain, ``rules`` <
``tournaments`` < ``scoring`` < ``seasons`` < the apps by audience, peers
(``td``, ``tableside``, ``publicpages``, ``api``, ``mailings``, and
``documents``: every export, import and backup) < ``demo`` < ``rikscore``
(the project: settings, the root URLconf). A module imports only from its own
layer or below; it names only URLs of its own layer or below, and only its
own layer's or a lower one's templates. The domain holds no page: no view,
form, table, URL conf, template tag or template of its own. The pure
modules import nothing from ``django.db``, no ``models`` module, and no
project module that is not pure itself.
"""

import re

from tests.architecture.imports import ROOT, imported, modules

CORE, DOMAIN, AUDIENCE, DEMO, PROJECT = 0, 1, 2, 3, 4
LAYERS = {
    "core": (CORE, 0),
    "rules": (DOMAIN, 1),
    "tournaments": (DOMAIN, 2),
    "scoring": (DOMAIN, 3),
    "seasons": (DOMAIN, 4),
    "documents": (AUDIENCE, 0),
    "td": (AUDIENCE, 0),
    "tableside": (AUDIENCE, 0),
    "publicpages": (AUDIENCE, 0),
    "api": (AUDIENCE, 0),
    "mailings": (AUDIENCE, 0),
    "publishing": (AUDIENCE, 0),
    "demo": (DEMO, 0),
    "rikscore": (PROJECT, 0),
}
DOMAIN_APPS = [app for app, (kind, _order) in LAYERS.items() if kind == DOMAIN]
#: Who owns each URL namespace, and each folder of ``templates/``.
NAMESPACES = {
    "td": "td",
    "tableside": "tableside",
    "documents": "documents",
    "public": "publicpages",
    "mailings": "mailings",
    "publishing": "publishing",
    "api-manage": "api",
    "api-v1": "api",
    "admin": "rikscore",
}
TEMPLATE_FOLDERS = {
    "td": "td",
    "tableside": "tableside",
    "documents": "documents",
    "public": "publicpages",
    "mailings": "mailings",
    "publishing": "publishing",
    "api": "api",
}
#: The pure core: a package stands for every module below it.
PURE = [
    "rules.engine",
    "core.numbers", "core.text",
    "tournaments.dealing", "tournaments.ranking", "tournaments.seating",
    "scoring.context", "scoring.pipeline", "scoring.records", "scoring.settlement",
    "scoring.sheet_check", "scoring.standings",
    "seasons.prizes", "seasons.ranking", "seasons.stats", "seasons.rating_math",
    "publicpages.charts", "publicpages.rating_chart",
]  # fmt: skip
#: What makes a module a page: a view, a form, a table, routes, template
#: tags; none of it belongs in the domain.
PAGE_MODULES = ("django.shortcuts", "django.forms", "django_tables2", "django.template")
PAGE_FILES = re.compile(r"^\w+/(views?|forms?|urls|widgets)(_\w+)?\.py$")
URL_NAME = re.compile(r"""(?:reverse(?:_lazy)?|redirect|url)\(\s*f?["']([\w-]+):""")
URL_TAG = re.compile(r"""\{%\s*url\s+["']([\w-]+):""")
TEMPLATE_NAME = re.compile(r"""["']([\w-]+)/[\w/.-]+\.(?:html|txt|js)["']""")


def rank(name: str) -> tuple[int, int] | None:
    return LAYERS.get(name.split(".")[0])


def higher(name: str, than: str) -> bool:
    """Whether ``name`` sits above ``than`` (same kind: in app order for
    the domain; apps of one audience layer are peers)."""
    a, b = rank(name), rank(than)
    if a is None or b is None:
        return False
    if a[0] != b[0]:
        return a[0] > b[0]
    return a[0] == DOMAIN and a[1] > b[1]


def within(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def is_pure(name: str) -> bool:
    return any(within(name, p) for p in PURE)


def test_every_import_points_down_or_sideways():
    breaches = [
        f"{module} imports {name}"
        for module, path in modules(*LAYERS)
        for name in sorted(imported(path, module))
        if higher(name, module)
    ]
    assert breaches == []


def test_the_domain_holds_no_page():
    found = []
    for module, path in modules(*DOMAIN_APPS):
        relative = path.relative_to(ROOT).as_posix()
        if PAGE_FILES.search(relative) or "/templatetags/" in relative:
            found.append(relative)
        names = imported(path, module)
        found += [
            f"{relative} imports {n}"
            for n in sorted(names)
            if any(within(n, page) for page in PAGE_MODULES)
        ]
        found += [
            f"{relative} names the template folder {folder}/"
            for folder in TEMPLATE_NAME.findall(path.read_text())
            if folder in TEMPLATE_FOLDERS
        ]
    assert found == []


def test_url_names_and_templates_point_down_or_sideways():
    breaches = []
    for module, path in modules(*LAYERS):
        text = path.read_text()
        for namespace in URL_NAME.findall(text):
            owner = NAMESPACES.get(namespace)
            if owner is None:
                breaches.append(f"{module}: unknown URL namespace {namespace}")
            elif higher(owner, module):
                breaches.append(f"{module} names the URL {namespace}:…")
        for folder in TEMPLATE_NAME.findall(text):
            owner = TEMPLATE_FOLDERS.get(folder)
            if owner is not None and higher(owner, module):
                breaches.append(f"{module} renders {folder}/…")
    for template in (ROOT / "templates").rglob("*.*"):
        folder = template.relative_to(ROOT / "templates").parts[0]
        owner = TEMPLATE_FOLDERS.get(folder, "td")  # shared pieces: audience
        for namespace in URL_TAG.findall(template.read_text()):
            target = NAMESPACES.get(namespace)
            if target is None or higher(target, owner):
                breaches.append(f"templates/{folder}/… names {namespace}:…")
    assert breaches == []


def test_the_pure_core_stays_off_the_database():
    checked, breaches = set(), []
    for module, path in modules(*LAYERS):
        if not is_pure(module):
            continue
        checked.add(module)
        for name in sorted(imported(path, module)):
            database = name == "django.db" or name.startswith("django.db.")
            impure = rank(name) is not None and (
                ".models." in f".{name}."
                or not (is_pure(name) or is_pure(name.rsplit(".", 1)[0]))
            )
            if database or impure:
                breaches.append(f"{module} imports {name}")
    # Every entry names a module that exists (a moved one is not skipped).
    assert [p for p in PURE if not any(within(m, p) for m in checked)] == []
    assert breaches == []


def test_no_models_module_sits_in_an_import_circle():
    """A model module that imports a module (even inside a function) that
    imports the models back hides a circle: the services import the models,
    so the models may not import the services."""
    graph = {
        module: {n for n in imported(path, module) if rank(n)}
        for module, path in modules(*LAYERS)
    }
    known = set(graph)

    def resolve(name: str) -> str | None:
        while name and name not in known:
            name = name.rpartition(".")[0]
        return name or None

    edges = {
        m: {r for n in names if (r := resolve(n)) and r != m}
        for m, names in graph.items()
    }
    circles = []
    for module in edges:
        if module.rpartition(".")[2] not in ("models", "models_tableside"):
            continue
        seen, todo = set(), list(edges[module])
        while todo:
            current = todo.pop()
            if current == module:
                circles.append(module)
                break
            if current not in seen:
                seen.add(current)
                todo += edges.get(current, ())
    assert circles == []


def test_the_checker_sees_a_breach():
    """A test that can fail: a planted upward import and a planted page in
    the domain are found."""
    planted = ROOT / "rules" / "_planted_breach.py"
    planted.write_text(
        "from scoring.settlement import settle\n"
        "from django.shortcuts import render\n"
        "X = reverse('td:home')\n"
    )
    try:
        names = imported(planted, "rules._planted_breach")
        assert "scoring.settlement" in names
        assert higher("scoring.settlement", "rules._planted_breach")
        assert "django.shortcuts.render" in names
        assert URL_NAME.findall(planted.read_text()) == ["td"]
        assert higher(NAMESPACES["td"], "rules._planted_breach")
    finally:
        planted.unlink()
