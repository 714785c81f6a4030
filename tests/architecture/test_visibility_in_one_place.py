"""Which rounds the public sees is decided in ``tournaments.visibility``
only (read with ``ast`` and, for templates, as text): no other module
filters on ``published``, reads a round's ``published`` or does sums with
``hide_last_rounds``. A second copy of the rule would drift from the first.

Allowed: the TD's own pages and services that publish rounds and show their
state, the backup's field lists, and plain field names (forms, models,
migrations, the events that name a changed setting).
"""

import ast
from pathlib import Path

from tests.architecture.imports import ROOT, modules
from tests.architecture.test_layers import LAYERS

RULE = "tournaments.visibility"
#: Modules that may read a round's ``published`` or the event's
#: ``hide_last_rounds``: they show the TD the setting or copy every field,
#: and never decide what the public sees. (Setting ``published``, as
#: publishing a round does, is no read.)
ALLOWED = {
    RULE,
    "documents.event_backup",  # copies every field of an event
    "td.views_standings",  # the TD's standings name the hidden rounds
}
QUERIES = {"filter", "exclude", "get", "Q"}
READ = {"published", "hide_last_rounds"}
#: Templates that show a round's state or the hidden rounds' count as such.
TEMPLATES_ALLOWED = {
    "td/round.html",
    "td/detail.html",
    "public/standings_table.html",  # a note: "... are hidden"
}


def _call_name(call: ast.Call) -> str:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def _selects_published(call: ast.Call) -> list[str]:
    """The ``published`` lookups of a query call that pick published rounds
    (``published=False``, a round still to publish, decides nothing public)."""
    return [
        kw.arg
        for kw in call.keywords
        if kw.arg
        and (kw.arg == "published" or kw.arg.endswith("__published"))
        and not (isinstance(kw.value, ast.Constant) and kw.value.value is False)
    ]


def _found(node: ast.AST) -> list[str]:
    """What ``node`` restates of the rule, if anything."""
    if isinstance(node, ast.Call) and _call_name(node) in QUERIES:
        return [f"a query on {name}" for name in _selects_published(node)]
    if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load):
        return [f"reads .{node.attr}"] if node.attr in READ else []
    path = node.value if isinstance(node, ast.Constant) else None
    if isinstance(path, str) and path.endswith("__hide_last_rounds"):
        return ["a query path to hide_last_rounds"]
    return []


def restatements(path: Path) -> list[str]:
    """Where ``path`` decides visibility itself, as "line: what", in order."""
    tree = ast.parse(path.read_text(), str(path))
    found = [(node.lineno, what) for node in ast.walk(tree) for what in _found(node)]
    return [f"{line}: {what}" for line, what in sorted(found)]


def test_only_visibility_decides_which_rounds_the_public_sees():
    breaches = [
        f"{module}:{where}"
        for module, path in modules(*LAYERS)
        if module not in ALLOWED
        for where in restatements(path)
    ]
    assert breaches == []


def test_no_template_decides_it_either():
    """A template gets ``rounds`` or ``finished`` from the view instead."""
    breaches = []
    for path in sorted((ROOT / "templates").rglob("*.html")):
        name = path.relative_to(ROOT / "templates").as_posix()
        text = path.read_text()
        if name not in TEMPLATES_ALLOWED and (
            "hide_last_rounds" in text or ".published" in text
        ):
            breaches.append(name)
    assert breaches == []


def test_the_check_sees_a_restatement(tmp_path):
    """The scan finds each kind of copy it is there to stop."""
    copy = tmp_path / "copy.py"
    copy.write_text(
        "rounds = Round.objects.filter(published=True)\n"
        "seats.filter(Q(table__round__published=True))\n"
        "hidden = number > t.rounds - t.hide_last_rounds\n"
        "limit = F('tournament__rounds') - F('tournament__hide_last_rounds')\n"
        "live = rounds.filter(published=False)\n"
        "shown = round_.published\n"
    )
    assert [line.split(":")[0] for line in restatements(copy)] == [
        "1",
        "2",
        "3",
        "4",
        "6",
    ]
