"""What a register player's data request asks of every layer.

The privacy service (erasure and the person's data export) lives above
the apps that keep personal data; each app answers for its own rows by
subscribing here, so nothing below has to know the apps above it.

Free text an app's model keeps (a mail's text, a reason) needs no signal:
the model declares it (``privacy = PersonalData(text=...)``,
``core.personal_data``) and the erasure rewrites the name there, the export
lists it. The signals are for the rows that are the person's own, which an
app deletes or exports whole (the mails sent to them).
"""

from django.dispatch import Signal

#: Sent with ``player=`` (the register player) inside the erasure's
#: transaction: remove or pseudonymise what you keep about them.
player_erased = Signal()

#: Sent with ``player=``: return ``(section name, JSON-ready value)`` with
#: what you keep about them, for their data export.
personal_data = Signal()
