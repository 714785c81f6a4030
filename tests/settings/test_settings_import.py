"""Loading the settings writes nothing; development works without a key
file, and reads the one ``make run`` makes."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHOW_KEY = "from rikscore import settings; print(settings.SECRET_KEY)"


@pytest.fixture
def checkout(tmp_path) -> Path:
    """A copy of the ``rikscore`` package alone: its settings take this
    folder for the project's (``BASE_DIR``)."""
    shutil.copytree(
        ROOT / "rikscore",
        tmp_path / "rikscore",
        ignore=shutil.ignore_patterns("__pycache__"),
    )
    return tmp_path


def load_settings(folder: Path, **env) -> subprocess.CompletedProcess:
    environment = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    environment.update(PYTHONPATH=str(folder), PYTHONDONTWRITEBYTECODE="1", **env)
    return subprocess.run(
        [sys.executable, "-c", SHOW_KEY],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=60,
        env=environment,
    )


def listing(folder: Path) -> set[str]:
    return {str(p.relative_to(folder)) for p in folder.rglob("*")}


@pytest.mark.parametrize(
    "env", [{}, {"DJANGO_DEBUG": "1"}], ids=["test", "development"]
)
def test_importing_the_settings_creates_no_file(checkout, env):
    before = listing(checkout)
    result = load_settings(checkout, **env)
    assert result.returncode == 0, result.stderr
    assert listing(checkout) == before


def test_without_a_key_file_development_uses_the_marked_insecure_key(checkout):
    from rikscore.settings import INSECURE_DEV_SECRET_KEY

    result = load_settings(checkout)
    assert result.stdout.strip() == INSECURE_DEV_SECRET_KEY
    assert INSECURE_DEV_SECRET_KEY.startswith("django-insecure-")


def test_the_key_file_is_read_when_there(checkout):
    (checkout / ".secret_key").write_text("a-key-made-by-make-run\n")
    assert load_settings(checkout).stdout.strip() == "a-key-made-by-make-run"


def test_the_environment_comes_before_the_key_file(checkout):
    (checkout / ".secret_key").write_text("from-the-file")
    result = load_settings(checkout, DJANGO_SECRET_KEY="from-the-environment")
    assert result.stdout.strip() == "from-the-environment"


def test_production_never_takes_the_key_file(checkout):
    (checkout / ".secret_key").write_text(
        "k3J9xQ2mP8vL5nR7tY1wZ4bC6dF0gH2jK5mN8pQ1rS4tU7"
    )
    result = load_settings(checkout, DJANGO_PRODUCTION="1")
    assert result.returncode != 0
    assert "Production mode needs DJANGO_SECRET_KEY" in result.stderr
