"""The words a season's prizes go by, the same on the public pages and in
every export (one translation for each)."""

from django.utils.translation import gettext as _

from seasons.prizes import BOOBY, NEWCOMER, TOP


def prize_label(prize) -> str:
    if prize is None:
        return ""
    if prize.kind == TOP:
        return _("prize %(n)s") % {"n": prize.place}
    if prize.kind == NEWCOMER:
        return _("best newcomer")
    return _("booby prize")


def prize_order(prize) -> tuple[int, int]:
    """Places first, then the newcomer, then the booby prize."""
    return ({TOP: 0, NEWCOMER: 1, BOOBY: 2}[prize.kind], prize.place)


def prize_rules(table) -> list[str]:
    """The prize table (``PrizeTable``) in words, one line a kind of prize."""
    lines = []
    if table.top == 1:
        lines.append(_("The winner wins a prize."))
    elif table.top > 1:
        lines.append(_("Places 1 to %(n)s win a prize.") % {"n": table.top})
    if table.newcomer:
        lines.append(
            _("The best newcomer (no earlier season at the club) wins a prize.")
        )
    if table.booby:
        lines.append(_("The last place wins the booby prize."))
    return lines
