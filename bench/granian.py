"""The production server's command line, as ``make serve`` starts it, for
the benchmarks that run one (``hall_site``, ``table_phones``)."""

import sys
from pathlib import Path


def granian(port: int, workers: int = 1, threads: int = 4) -> list[str]:
    """granian serving ``rikscore.wsgi`` on 127.0.0.1:``port``."""
    return [
        str(Path(sys.executable).parent / "granian"),
        "--interface",
        "wsgi",
        "--workers",
        str(workers),
        "--blocking-threads",
        str(threads),
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--no-ws",
        "--log-level",
        "warning",
        "rikscore.wsgi:application",
    ]
