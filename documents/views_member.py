"""A register player's own data, as a JSON download from their register
page (docs/privacy.md): the organisers of the player's club and staff
only, checked on the server (``player_required``)."""

import json

from django.http import HttpResponse
from django.views.decorators.http import require_GET

from seasons.privacy import export_player
from td.access import player_required
from tournaments.models import Player


@require_GET
@player_required
def member_data(request, player: Player):
    """Everything Rikscore holds about the player, as a JSON file."""
    data = export_player(player, request.user)
    body = json.dumps(data, ensure_ascii=False, indent=1, default=str)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = (
        f'attachment; filename="player-{player.pk}-data.json"'
    )
    response["Cache-Control"] = "no-store"
    return response
