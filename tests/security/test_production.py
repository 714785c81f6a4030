"""Production mode: settings from the environment, refused when unsafe,
``check --deploy`` clean; a Content Security Policy with nothing inline."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
STRONG = "k3J9xQ2mP8vL5nR7tY1wZ4bC6dF0gH2jK5mN8pQ1rS4tU7vW0xY3zA6"


def manage(*args, env=None) -> subprocess.CompletedProcess:
    environment = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    environment.update(env or {})
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )


PROD = {
    "DJANGO_PRODUCTION": "1",
    "DJANGO_SECRET_KEY": STRONG,
    "DJANGO_ALLOWED_HOSTS": "rikscore.example",
}


@pytest.mark.parametrize("https", ["0", "1"])
def test_check_deploy_is_clean_in_production_mode(https):
    result = manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        env={**PROD, "DJANGO_HTTPS": https},
    )
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize(
    "env",
    [
        {"DJANGO_SECRET_KEY": ""},
        {"DJANGO_SECRET_KEY": "short"},
        {"DJANGO_SECRET_KEY": "django-insecure-" + STRONG},
        {"DJANGO_SECRET_KEY": "a" * 60},
        {"DJANGO_DEBUG": "1"},
    ],
    ids=["missing", "short", "insecure", "one-character", "debug"],
)
def test_production_mode_refuses_to_start_unsafe(env):
    result = manage("check", env={**PROD, **env})
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr


@pytest.mark.django_db
def test_every_page_carries_a_policy_without_inline_code(client):
    response = client.get("/")
    policy = response["Content-Security-Policy"]
    assert "default-src 'self'" in policy
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy


def test_no_template_holds_inline_script_or_style():
    inline = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>|\son\w+=|\sstyle=|<style")
    found = [
        str(path.relative_to(ROOT))
        for path in (ROOT / "templates").rglob("*.html")
        if inline.search(path.read_text())
    ]
    assert found == []
