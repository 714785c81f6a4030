"""The seat for the next round: table, seat and table mates as the round's
table page shows them, or the bye; a changed seating mails again, marked
as a correction."""

from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from core.site import absolute
from mailings.compose import Draft, language_of, per_language, store, subscribers
from scoring.rowsource import round_rows
from tournaments.models import Bye, Tournament
from tournaments.people import for_public


def write_seating(tournament: Tournament, number: int) -> int:
    addressed = subscribers(tournament, "mail_seating")
    if not addressed or not tournament.round_set.filter(number=number).exists():
        return 0
    seats = per_language(lambda: _seats(tournament, number))
    byes = set(
        Bye.objects.filter(
            round__tournament=tournament, round__number=number
        ).values_list("entry_id", flat=True)
    )
    written = 0
    for entry, to in addressed:
        with translation.override(language_of(to, tournament)):
            mine = seats(translation.get_language()).get(entry.pk)
            if mine is None and entry.pk not in byes:
                continue  # not in this round
            draft = _draft(tournament, number, entry, to, mine)
        written += store(draft, tournament) is not None
    return written


def _seats(tournament: Tournament, number: int) -> dict[int, dict]:
    """{entry: table, seat and the others at the table (seat, name)}."""
    with for_public():
        tables = round_rows(tournament, number)
    out = {}
    for table in tables:
        for seat in table["seats"]:
            out[seat["entry"]] = {
                "table": table["table"],
                "seat": seat["position"],
                "mates": [
                    (s["position"], s["name"])
                    for s in table["seats"]
                    if s["entry"] != seat["entry"]
                ],
            }
    return out


def _draft(tournament: Tournament, number: int, entry, to, mine: dict | None) -> Draft:
    subject = _("Your seat in round %(n)s: %(event)s") % {
        "n": number,
        "event": tournament.name,
    }
    figures = {"round": number, "bye": mine is None, **(mine or {})}
    if mine is not None:
        path = reverse("public:table", args=[tournament.slug, number, mine["table"]])
        figures["link"] = absolute(path)
        key = (mine["table"], mine["seat"], mine["mates"])
    else:
        key = "bye"
    return Draft(
        entry, to, "seating", f"seating:{number}", "seating", subject, figures, key
    )
