"""The words ``static/js/tableside.js`` says, translated by Django like every
other word on the page and handed to it in the page's state. ``%n`` is a
deal number, ``%s`` a count or a time."""

from django.utils.translation import gettext as _
from django.utils.translation import pgettext


def page_texts() -> dict[str, str]:
    return {
        "deal": _("Deal %n"),
        "sending": _("Sending…"),
        "kept": _("Kept on this phone: it is sent as soon as there is a connection."),
        # the script picks by the count: "kept_one" for 1, else "kept_count"
        "kept_one": _(
            "1 deal kept on this phone; it is sent as soon as there is a connection."
        ),
        "kept_count": _(
            "%s deals kept on this phone; they are sent as soon as "
            "there is a connection."
        ),
        "retry": _("No answer from the server; trying again in %s s."),
        "busy": _("The server is busy; trying again in %s s."),
        "refused": _("Not saved:"),
        "saved": _("Saved on the server."),
        "queue_title": _("Kept on this phone"),
        "change": pgettext("entry", "Change"),
        "remove": _("Remove"),
        "send_again": _("Send again"),
        "remove_ask": _("Remove deal %n from this phone? It has not been saved."),
        "changing": _("You are changing deal %n, kept on this phone."),
        "in_flight": _("Deal %n is being sent right now; change it once it is saved."),
        "reload": _("Reload this page, then send the deal again."),
        "leave": _(
            "Deals are still kept on this phone. They are sent when you "
            "open this page again with a connection."
        ),
        "offline_action": _("No connection: try again when the phone is back online."),
        "kept_copy": _(
            "A copy kept on this phone, from %s: no connection to the server, "
            "so a deal entered since may be missing."
        ),
        "stale": _(
            "No answer from the server since %s: what this page shows may be "
            "out of date. It keeps trying."
        ),
        "all_done": _("Every deal of this round is entered."),
        "fill_in": _("Fill in the deal."),
    }
