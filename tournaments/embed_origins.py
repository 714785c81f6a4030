"""A club's own websites, which may show its standings widget in a frame
(``Club.embed_origins``, read by ``publicpages.views_embed`` into the page's
``frame-ancestors``): one origin per line, checked by the club form and
again when the header is built, so text stored before the check cannot
change a security header."""

import re

#: How many websites a club may list for the standings widget.
MAX_EMBED_ORIGINS = 10
_HOST_LABEL = r"(?!-)[a-z0-9-]{1,63}(?<!-)"
_ORIGIN = re.compile(
    rf"(?P<scheme>https?)://(?P<host>{_HOST_LABEL}(?:\.{_HOST_LABEL})*)"
    r"(?::(?P<port>[0-9]{1,5}))?/?"
)


def clean_origin(line: str) -> str | None:
    """``https://www.myclub.nl`` as a browser writes an origin (lower case,
    no trailing slash), or None when ``line`` is not one: a path, a query,
    a wildcard, spaces or a quote would change the page's security header,
    so only scheme, host name and port pass."""
    match = _ORIGIN.fullmatch(line.strip().lower())
    if match is None:
        return None
    port = match["port"]
    if port is not None and not 0 < int(port) < 65536:
        return None
    return f"{match['scheme']}://{match['host']}" + (f":{port}" if port else "")


def embed_origins(text: str) -> list[str]:
    """A club's websites that may frame its standings (``Club.embed_origins``):
    the valid lines, once each, at most ``MAX_EMBED_ORIGINS`` (text stored
    before the form checked it cannot break the header)."""
    found = (clean_origin(line) for line in (text or "").splitlines())
    return list(dict.fromkeys(o for o in found if o))[:MAX_EMBED_ORIGINS]
