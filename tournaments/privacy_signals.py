"""What a register player's data request asks of every layer.

The privacy service (erasure and the person's data export) lives above
the apps that keep personal data; each app answers for its own rows by
subscribing here, so nothing below has to know the apps above it.
"""

from django.dispatch import Signal

#: Sent with ``player=`` (the register player) inside the erasure's
#: transaction: remove or pseudonymise what you keep about them.
player_erased = Signal()

#: Sent with ``player=``: return ``(section name, JSON-ready value)`` with
#: what you keep about them, for their data export.
personal_data = Signal()
