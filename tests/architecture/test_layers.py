"""The layers stay one-way and the pure core stays pure (read with ``ast``).

Bottom up: ``core`` (shared infrastructure) < ``rules`` < ``tournaments`` <
``scoring`` < ``seasons`` (a club's competitions, built on events) < the
site (``public``, ``api``, ``mailings``, ``rikscore``). A module imports
only from its own layer or below. The pure modules import nothing from
``django.db``, no ``models`` module, and no project module that is not pure
itself: ``rules.engine`` as a whole (every module below it) and the other
modules ``PURE`` lists.
"""

from tests.architecture.imports import ROOT, imported, modules

LAYERS = {
    "core": -1,
    "rules": 0,
    "tournaments": 1,
    "scoring": 2,
    "seasons": 3,
    "public": 4,
    "api": 4,
    "mailings": 4,
    "rikscore": 4,
}
#: The pure core: a package stands for every module below it, so a module
#: added to ``rules.engine`` is checked without being listed here.
PURE = [
    "rules.engine",
    "rules.editor", "rules.naming", "rules.numbers", "rules.text",
    "tournaments.dealing", "tournaments.ranking", "tournaments.seating",
    "scoring.context", "scoring.pipeline", "scoring.records", "scoring.settlement",
    "scoring.sheet_check", "scoring.standings",
    "seasons.charts", "seasons.prizes", "seasons.ranking", "seasons.rating_chart",
    "seasons.stats", "seasons.rating_math",
]  # fmt: skip


def layer(name: str) -> int | None:
    return LAYERS.get(name.split(".")[0])


def within(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def is_pure(name: str) -> bool:
    return any(within(name, p) for p in PURE)


def test_every_import_points_down_or_sideways():
    breaches = [
        f"{module} imports {name}"
        for module, path in modules(*LAYERS)
        for name in sorted(imported(path, module))
        if layer(name) is not None and layer(name) > layer(module)
    ]
    assert breaches == []


def test_the_pure_core_stays_off_the_database():
    checked, breaches = set(), []
    for module, path in modules(*LAYERS):
        if not is_pure(module):
            continue
        checked.add(module)
        for name in sorted(imported(path, module)):
            database = name == "django.db" or name.startswith("django.db.")
            impure = layer(name) is not None and (
                ".models." in f".{name}."
                or not (is_pure(name) or is_pure(name.rsplit(".", 1)[0]))
            )
            if database or impure:
                breaches.append(f"{module} imports {name}")
    # Every entry names a module that exists (a moved one is not skipped).
    assert [p for p in PURE if not any(within(m, p) for m in checked)] == []
    assert breaches == []


def test_the_checker_sees_a_breach():
    """A test that can fail: a planted upward import is found."""
    planted = ROOT / "rules" / "_planted_breach.py"
    planted.write_text("from scoring.settlement import settle\n")
    try:
        assert "scoring.settlement" in imported(planted, "rules._planted_breach")
        assert layer("scoring.settlement") > layer("rules._planted_breach")
    finally:
        planted.unlink()
