"""A register player's data request (``tournaments.privacy_signals``): the
mails sent to them are theirs; erased with them, listed in their export."""

from django.dispatch import receiver
from django.utils.html import escape
from django.utils.translation import gettext as _

from mailings.models import Mail
from tournaments.privacy_signals import personal_data, player_erased


@receiver(player_erased, dispatch_uid="mailings.erase")
def _erase(sender, player, **kwargs) -> None:
    """Their own mails go; table mates' mails of their events that name
    them (as the public saw them) keep their figures, not the name."""
    Mail.objects.filter(player=player).delete()
    others = Mail.objects.filter(tournament__entries__player=player).distinct()
    name = player.name
    for mail in others.filter(text__contains=name):
        stand_in = _("Player %(number)s") % {"number": player.pk}
        mail.text = mail.text.replace(name, stand_in)
        mail.html = mail.html.replace(escape(name), stand_in)
        mail.save(update_fields=["text", "html"])


@receiver(personal_data, dispatch_uid="mailings.personal_data")
def _personal_data(sender, player, **kwargs):
    mails = Mail.objects.filter(player=player).order_by("created", "pk")
    return "mails", [
        {
            "kind": mail.kind,
            "to": mail.to,
            "subject": mail.subject,
            "status": mail.status,
            "written": mail.created.isoformat(),
            "sent": mail.sent_at.isoformat() if mail.sent_at else None,
        }
        for mail in mails
    ]
