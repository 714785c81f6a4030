"""The site's address in templates (``core.site``): ``{% site_url path %}``,
``{% webcal_url path %}`` and ``{% loopback_host as host %}``, each for the
page's own request."""

from django import template

from core import site

register = template.Library()


@register.simple_tag(takes_context=True)
def site_url(context, path: str) -> str:
    """``path`` as an absolute link (the embed code, a feed's address)."""
    return site.absolute(path, context.get("request"))


@register.simple_tag(takes_context=True)
def webcal_url(context, path: str) -> str:
    """``path`` as a calendar subscription link (``webcal:``)."""
    return site.webcal(path, context.get("request"))


@register.simple_tag(takes_context=True)
def loopback_host(context) -> str:
    """The host this page was asked under when links made for it would lead
    to this computer only (``site.loopback_only``), else ``""``."""
    request = context.get("request")
    if request is None or not site.loopback_only(request):
        return ""
    return request.get_host()
