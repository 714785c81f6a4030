"""How many rounds and deals an event may have, said once: the event's
settings form and the jury's (``td.forms``), the event backup
(``documents.event_backup_schema``) and a season's settings (an evening is
an event: ``seasons.models``) read these."""

#: The most rounds an event has (and rounds hidden until the prize-giving).
MAX_ROUNDS = 30
#: The most deals a round has.
MAX_DEALS = 60
