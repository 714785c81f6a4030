"""The site's address: every absolute link is made here, from one setting.

A QR code on a score sheet, a link in a mail, a calendar feed, the API's
endpoint shown to the TD and the embed code all leave the browser that
asked for them: they must name the site as players and visitors reach it,
not as this one browser did. That address is ``RIKSCORE_SITE_URL``
(``settings.SITE_URL``, parsed by ``core.env.web_address``).

Unset, the site does not guess (a laptop has several addresses, and the
wrong one prints on every sheet): a page uses the address its browser
asked for, and a TD printing sheets from this computer's own address
(``localhost``, ``127.0.0.1``) is told, before printing, that phones cannot
open those QR codes and how to set the address (``loopback_only``). Work
done outside a request (the worker's mails) falls back to
``FALLBACK``, the development server's address.
"""

import ipaddress

from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.http.request import split_domain_port

#: The address of the development server (``make run``): links made outside
#: a request while no address is set.
FALLBACK = "http://localhost:8000"


def configured() -> str:
    """The address set for the site, or ``""`` when none is."""
    return (getattr(settings, "SITE_URL", "") or "").rstrip("/")


def base(request=None) -> str:
    """The site's address without the trailing slash: the setting; unset,
    the address ``request``'s browser asked for; without a request either,
    ``FALLBACK``."""
    address = configured()
    if address:
        return address
    if request is not None:
        return request.build_absolute_uri("/").rstrip("/")
    return FALLBACK


def absolute(path: str, request=None) -> str:
    """``path`` (from ``reverse``, starting with ``/``) as an absolute link."""
    return base(request) + path


def webcal(path: str, request=None) -> str:
    """A calendar subscription link: ``absolute`` under the ``webcal:``
    scheme, which a phone's calendar app opens (its feed is then fetched
    over http or https as the site is reached)."""
    return "webcal:" + absolute(path, request).split(":", 1)[1]


def is_loopback(host: str) -> bool:
    """Whether ``host`` (as a ``Host`` header has it, maybe with a port)
    names this computer only: ``localhost`` or a loopback address."""
    domain, _port = split_domain_port(host)
    domain = domain.strip("[]").lower()
    if domain == "localhost" or domain.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(domain).is_loopback
    except ValueError:
        return False


def loopback_only(request) -> bool:
    """Whether absolute links made for ``request`` would lead to this
    computer only: no address set, and its browser asked a loopback host.
    Then a phone cannot open them; the page says so before printing."""
    if configured():
        return False
    try:
        host = request.get_host()
    except DisallowedHost:  # refused before any link is made
        return False
    return is_loopback(host)
