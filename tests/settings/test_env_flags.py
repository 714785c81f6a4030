"""Flags from the environment: one parser, strict, and a clear refusal at
start for a value that is no flag."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from core.env import count, flag

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("raw", ["1", "true", "TRUE", "Yes", "on", " On "])
def test_words_for_on(raw):
    assert flag("X", environ={"X": raw}) is True


@pytest.mark.parametrize("raw", ["0", "false", "False", "NO", "off"])
def test_words_for_off(raw):
    assert flag("X", default=True, environ={"X": raw}) is False


@pytest.mark.parametrize("environ", [{}, {"X": ""}, {"X": "  "}])
@pytest.mark.parametrize("default", [True, False])
def test_unset_or_empty_is_the_default(environ, default):
    assert flag("X", default, environ=environ) is default


@pytest.mark.parametrize("raw", ["maybe", "2", "y", "enable", "1.0", "tru"])
def test_anything_else_is_refused_naming_variable_and_value(raw):
    with pytest.raises(ImproperlyConfigured) as refused:
        flag("DJANGO_HTTPS", environ={"DJANGO_HTTPS": raw})
    assert "DJANGO_HTTPS" in str(refused.value)
    assert repr(raw) in str(refused.value)


def test_count_reads_whole_numbers_and_refuses_the_rest():
    assert count("N", environ={}) == 0
    assert count("N", 3, environ={"N": ""}) == 3
    assert count("N", environ={"N": " 2 "}) == 2
    for raw in ("-1", "one", "1.5", "²"):
        with pytest.raises(ImproperlyConfigured, match="N="):
            count("N", environ={"N": raw})


def check(**env) -> subprocess.CompletedProcess:
    """``manage.py check`` with only ``env`` of the DJANGO_ variables."""
    environment = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    return subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env={**environment, **env},
    )


def test_starting_with_a_flag_that_is_no_flag_fails_clearly():
    result = check(DJANGO_PRODUCTION="maybe")
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert "DJANGO_PRODUCTION='maybe' is not a flag" in result.stderr


def test_production_spelled_true_is_production():
    """``true`` once meant off; now it is production mode, which refuses to
    start without a strong secret key."""
    result = check(DJANGO_PRODUCTION="true")
    assert result.returncode != 0
    assert "Production mode needs DJANGO_SECRET_KEY" in result.stderr
