"""Rules the code once wrote in several places, each said once now (read
with ``ast`` and, for templates, as text; issue 37):

- the blind man's chair: ``tournaments.dealing`` (``blind_position`` and
  what asks it: ``has_blind_man``, ``chairs``, ``blind_in``), never
  ``len(...) == 3`` nor ``BLIND_LABEL in ...`` elsewhere;
- the smallest table: ``dealing.SMALLEST_TABLE`` (no ``MIN_SEATS``);
- the audit log's lines: written by ``tournaments.audit`` only, never
  rewritten afterwards;
- why a deal was refused, in words: ``scoring.services.errors``, which every
  reader's handler of those exceptions asks;
- the "busy" text: ``core.transactions.BUSY_MESSAGE``;
- the public pages' and the API's cache keys: ``publicpages.cache.cache_key``;
- JSON people send or bring: ``core.numbers.load_json`` (no NaN, no Infinity).
"""

import ast
import functools
import re
from pathlib import Path

from tests.architecture.imports import ROOT, modules
from tests.architecture.test_layers import LAYERS

DEALING = "tournaments.dealing"


def _tree(path: Path) -> ast.AST:
    return ast.parse(path.read_text(), str(path))


@functools.cache
def everywhere() -> list[tuple[str, Path, ast.AST]]:
    """Every module of the project, parsed once, when a test first asks
    (not while pytest collects: a second of every worker's start)."""
    return [(module, path, _tree(path)) for module, path in modules(*LAYERS)]


def _is_len_call(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "len"
    )


def _three(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and node.value == 3


def counted_threes(tree: ast.AST) -> list[int]:
    """Lines that ask "a table of three?" by counting: ``len(x) == 3``."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare) and len(node.ops) == 1:
            sides = (node.left, node.comparators[0])
            eq = isinstance(node.ops[0], ast.Eq | ast.NotEq)
            if eq and any(map(_is_len_call, sides)) and any(map(_three, sides)):
                found.append(node.lineno)
    return found


def blind_tests(tree: ast.AST) -> list[int]:
    """Lines that find the blind man by his label: ``BLIND_LABEL in ...``."""
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Compare)
        and isinstance(node.left, ast.Name)
        and node.left.id == "BLIND_LABEL"
        and isinstance(node.ops[0], ast.In | ast.NotIn)
    ]


def test_a_table_of_three_is_asked_of_dealing_only():
    breaches = [
        f"{module}:{line}"
        for module, _path, tree in everywhere()
        if module != DEALING
        for line in counted_threes(tree) + blind_tests(tree)
    ]
    assert breaches == []


def test_no_template_counts_to_three_either():
    """A template asks ``|has_blind_man`` (``publicpages/templatetags/chairs``)."""
    counting = re.compile(r"\|length\s*==\s*3\b")
    found = [
        path.relative_to(ROOT).as_posix()
        for path in sorted((ROOT / "templates").rglob("*.html"))
        if counting.search(path.read_text())
    ]
    assert found == []


def test_the_smallest_table_has_one_name():
    names = {
        f"{module}:{node.lineno}"
        for module, _path, tree in everywhere()
        for node in ast.walk(tree)
        if isinstance(node, ast.Name) and node.id == "MIN_SEATS"
    }
    assert names == set()


#: The one writer of audit lines, and the restore of a backup, which copies
#: the file's own lines as they were.
AUDIT_WRITERS = {"tournaments.audit", "documents.event_backup"}


def audit_writes(tree: ast.AST) -> list[int]:
    """Lines that make or change an audit line: ``AuditLog(...)``,
    ``AuditLog.objects.create/update/bulk_create``, ``line.detail = ...``."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Name) and func.id == "AuditLog":
                found.append(node.lineno)
            if (
                isinstance(func, ast.Attribute)
                and func.attr in {"create", "update", "bulk_create", "bulk_update"}
                and "AuditLog" in ast.unparse(func.value)
            ):
                found.append(node.lineno)
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Attribute) and target.attr == "detail":
                    found.append(node.lineno)
    return sorted(found)


def test_audit_lines_have_one_writer_and_are_never_rewritten():
    breaches = [
        f"{module}:{line}"
        for module, _path, tree in everywhere()
        if module not in AUDIT_WRITERS
        for line in audit_writes(tree)
    ]
    assert breaches == []


#: The readers that tell why a deal was refused: the TD's deal form, the hall
#: (disputes), the phones at the table, the API.
READERS = {"td.views_entry", "td.views_hall", "tableside.views", "api.write"}
WORDED = {"ClosedError", "StaleDealError", "GoneError", "BusyError", "REFUSALS"}


def unworded_handlers(tree: ast.AST) -> list[int]:
    """``except`` clauses of a refusal whose body does not ask ``refusal``."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ExceptHandler) and node.type is not None:
            caught = {
                n.id if isinstance(n, ast.Name) else n.attr
                for n in ast.walk(node.type)
                if isinstance(n, ast.Name | ast.Attribute)
            }
            body = "\n".join(ast.unparse(statement) for statement in node.body)
            if caught & WORDED and "refus" not in body:
                found.append(node.lineno)
    return found


def test_every_reader_words_a_refusal_through_the_one_mapping():
    breaches = [
        f"{module}:{line}"
        for module, _path, tree in everywhere()
        if module in READERS
        for line in unworded_handlers(tree)
    ]
    assert breaches == []


def _texts(tree: ast.AST) -> list[tuple[int, str]]:
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    ]


def test_busy_is_said_once():
    busy = re.compile(r"^(Busy\b|Others are changing)")
    breaches = [
        f"{module}:{line}"
        for module, _path, tree in everywhere()
        if module != "core.transactions"
        for line, text in _texts(tree)
        if busy.search(text)
    ]
    assert breaches == []


#: Where a cache key may be put together by hand: the one builder.
KEY_BUILDER = "publicpages.cache"


def hand_made_keys(tree: ast.AST) -> list[int]:
    """``":".join(...)`` or a call of ``audience()``: a key's shape."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        joined = (
            isinstance(func, ast.Attribute)
            and func.attr == "join"
            and isinstance(func.value, ast.Constant)
            and func.value.value == ":"
        )
        if joined or (isinstance(func, ast.Name) and func.id == "audience"):
            found.append(node.lineno)
    return found


def test_cache_keys_of_pages_and_answers_have_one_builder():
    breaches = [
        f"{module}:{line}"
        for module, _path, tree in everywhere()
        if module.split(".")[0] in {"publicpages", "api"} and module != KEY_BUILDER
        for line in hand_made_keys(tree)
    ]
    assert breaches == []


#: Modules that read JSON the site wrote itself (its data files, a record it
#: stored), not JSON people send or bring; and ``score_deal``, which stores
#: nothing and names each wrong number by its field, as the record it scores
#: would (``tests/scoring/test_properties``: text and record agree).
OWN_JSON = {
    "core.numbers",
    "tournaments.seating.designs",
    "scoring.whatif",
    "scoring.management.commands.score_deal",
}


def json_reads(tree: ast.AST) -> list[int]:
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in {"loads", "load"}
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id in {"json", "orjson"}
    ]


def test_json_people_send_is_read_by_one_parser():
    breaches = [
        f"{module}:{line}"
        for module, _path, tree in everywhere()
        if module not in OWN_JSON
        for line in json_reads(tree)
    ]
    assert breaches == []


def test_the_checks_see_a_copy():
    """Each scan finds the copy it is there to stop."""
    copy = ast.parse(
        "three = len(seats) == 3\n"
        "blind = BLIND_LABEL if BLIND_LABEL in players else None\n"
        "AuditLog.objects.create(action='x')\n"
        "line.detail = {}\n"
        "key = ':'.join(['api', token])\n"
        "body = json.loads(text)\n"
        "try:\n    save()\nexcept (ClosedError, GoneError):\n    say('closed')\n"
    )
    assert counted_threes(copy) == [1]
    assert blind_tests(copy) == [2]
    assert audit_writes(copy) == [3, 4]
    assert hand_made_keys(copy) == [5]
    assert json_reads(copy) == [6]
    assert unworded_handlers(copy) == [9]
