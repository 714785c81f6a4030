"""Who a limit counts: one client, the way an attacker cannot vary it.

An IPv4 address is one client. An IPv6 address is not: a home router hands
every device a whole /64 and a host may pick any address in it, so one
client counts as its /64 network. An IPv4 address written as IPv6
(``::ffff:192.0.2.1``) is that IPv4 address. Every rate limit and the login
lockout count ``client_key``; the address itself is the one the trusted
proxies settled on (``core.client_address``). A store that takes only
an address (the login lockout's table) gets the same client as one address,
``client_address_of``.
"""

import ipaddress

#: How much of an IPv6 address one client may vary.
IPV6_CLIENT_PREFIX = 64

CountedClient = ipaddress.IPv4Address | ipaddress.IPv6Network


def _client_of(address: str) -> CountedClient | None:
    """The one rule: the IPv4 address, or the IPv6 /64 network it lies in;
    None for anything that is no address."""
    try:
        ip = ipaddress.ip_address(address.strip())
    except ValueError:
        return None
    if ip.version == 6 and ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    if ip.version == 6:
        return ipaddress.ip_network(f"{ip}/{IPV6_CLIENT_PREFIX}", strict=False)
    return ip


def client_key_of(address: str) -> str:
    """The counted client of ``address``: the IPv4 address, or the IPv6
    /64 network ("2001:db8:1:2::/64"); anything unreadable as it is."""
    client = _client_of(address)
    if client is None:
        return address.strip() or "unknown"
    return str(client)


def client_address_of(address: str) -> str | None:
    """The counted client of ``address`` written as one address, for a
    column that holds addresses only (PostgreSQL's ``inet`` behind the
    lockout's ``GenericIPAddressField`` refuses "…/64"): an IPv6 client is
    its /64's first address ("2001:db8:1:2::"). None when unreadable."""
    client = _client_of(address)
    if isinstance(client, ipaddress.IPv6Network):
        return str(client.network_address)
    return None if client is None else str(client)


def client_key(request) -> str:
    """``client_key_of`` the request's client address (``REMOTE_ADDR``)."""
    return client_key_of(request.META.get("REMOTE_ADDR", ""))
