"""The address of the phone or laptop a request comes from, behind the
reverse proxies the site trusts (``DJANGO_PROXIES``).

Every proxy appends the address it received the request from to
``X-Forwarded-For``, so with ``n`` trusted proxies in front the client is the
``n``-th entry from the right; anything further left was written by the client
and is not believed. Without trusted proxies the header is ignored. The
middleware runs first and puts that address in ``REMOTE_ADDR``, so the login
lockout (django-axes), every rate limit and the error log all start from
the same address; the limits count it as ``core.clients`` says (an IPv6 /64
is one client). docs/decisions.md says why not django-ipware.
"""

import ipaddress

from django.conf import settings

from core.clients import client_address_of


def client_address(meta, proxies: int) -> str:
    """The client's address from a request's META with ``proxies`` trusted
    proxies in front; ``REMOTE_ADDR`` when the chain is shorter or not an
    address (a proxy that does not set the header, a misconfiguration)."""
    remote = meta.get("REMOTE_ADDR", "")
    if proxies <= 0:
        return remote
    chain = [hop.strip() for hop in meta.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    chain = [hop for hop in chain if hop]
    if len(chain) < proxies:
        return remote
    candidate = chain[-proxies]
    try:
        return str(ipaddress.ip_address(candidate))
    except ValueError:
        return remote


class ClientAddressMiddleware:
    """``REMOTE_ADDR`` becomes the client's address (``client_address``)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        proxies = settings.TRUSTED_PROXIES
        if proxies:
            request.META["REMOTE_ADDR"] = client_address(request.META, proxies)
        return self.get_response(request)


def lockout_client(request) -> str | None:
    """The client django-axes counts and stores: the address the middleware
    settled on, as one client (``core.clients``: an IPv6 address as its
    /64, written as an address its table can hold)."""
    return client_address_of(request.META.get("REMOTE_ADDR", ""))
