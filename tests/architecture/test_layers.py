"""The layers stay one-way and the pure core stays pure (read with ``ast``).

Bottom up: ``rules`` < ``tournaments`` < ``scoring`` < ``seasons`` (a club's
competitions, built on events) < the site (``public``, ``rikscore``). A
module imports only from its own layer or below. The pure modules import
nothing from ``django.db``, no ``models`` module, and no project module that
is not pure itself.
"""

from tests.architecture.imports import ROOT, imported, modules

LAYERS = {
    "rules": 0,
    "tournaments": 1,
    "scoring": 2,
    "seasons": 3,
    "public": 4,
    "rikscore": 4,
}
PURE = [
    "rules.contracts", "rules.deal", "rules.diff", "rules.editor", "rules.house_rules",
    "rules.labels",
    "rules.jury", "rules.naming", "rules.numbers", "rules.presets", "rules.problems",
    "rules.sampling", "rules.text",
    "rules.schedules", "rules.snapshots",
    "rules.types", "rules.validation",
    "tournaments.dealing", "tournaments.ranking", "tournaments.seating",
    "scoring.pipeline", "scoring.records", "scoring.settlement",
    "scoring.sheet_check", "scoring.standings",
    "seasons.charts", "seasons.prizes", "seasons.ranking", "seasons.rating_chart",
    "seasons.stats",
    "seasons.rating_math",
]  # fmt: skip


def layer(name: str) -> int | None:
    return LAYERS.get(name.split(".")[0])


def is_pure(name: str) -> bool:
    return any(name == p or name.startswith(p + ".") for p in PURE)


def test_every_import_points_down_or_sideways():
    breaches = [
        f"{module} imports {name}"
        for module, path in modules(*LAYERS)
        for name in sorted(imported(path, module))
        if layer(name) is not None and layer(name) > layer(module)
    ]
    assert breaches == []


def test_the_pure_core_stays_off_the_database():
    checked, breaches = 0, []
    for module, path in modules(*LAYERS):
        if not is_pure(module):
            continue
        checked += 1
        for name in sorted(imported(path, module)):
            database = name == "django.db" or name.startswith("django.db.")
            impure = layer(name) is not None and (
                ".models." in f".{name}."
                or not (is_pure(name) or is_pure(name.rsplit(".", 1)[0]))
            )
            if database or impure:
                breaches.append(f"{module} imports {name}")
    assert checked >= len(PURE)
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
