"""The registry of problems: one code each, every code explained."""

from rules.engine.problems import PROBLEMS
from rules.engine.validation import CHECKS
from tests.rules.error_codes import CODES


def test_every_code_a_check_returns_is_registered_and_explained():
    assert set(PROBLEMS) >= CODES
    for problem in PROBLEMS.values():
        assert str(problem.help_text).strip()
        assert problem.messages and all(
            str(m).strip() for m in problem.messages.values()
        )


def test_house_rule_overrides_have_codes_of_their_own():
    overrides = {c for c in PROBLEMS if c.startswith("override_")}
    assert len(overrides) >= 10
    assert not overrides & CODES


def test_the_checks_run_in_a_fixed_order():
    names = [check.__name__ for check in CHECKS]
    assert names[:3] == ["check_fields", "check_rules", "check_players"]
    assert len(names) == len(set(names))
