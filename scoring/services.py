"""The service layer: the only place that touches the database for a deal.

Terms: a *table* is a ``TableRound``; its *seats* hold players by position
1–5; a deal record names players by their *label* at that table (their name,
made distinct). ``save_deal`` loads the table, builds the pure inputs, calls
validation and settlement, and stores the deal, its history, the seat totals
and the audit line in one transaction.
"""

from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.db.models import Sum
from django.utils.translation import gettext_lazy as _

from rules.validation import Result, Violation, validate_record
from scoring.settlement import Settlement, ZeroSumError, settle
from tournaments.dealing import playing_positions, unique_labels
from tournaments.models import (
    AuditLog,
    Deal,
    DealRevision,
    JuryCall,
    Seat,
    TableRound,
    Tournament,
)


class DealRejectedError(Exception):
    """The deal breaks a rule: ``violations`` say which (for the user)."""

    def __init__(self, violations: tuple[Violation, ...]):
        super().__init__(violations)
        self.violations = violations


class StaleDealError(Exception):
    """Someone else saved this deal first (version check)."""


class ClosedError(Exception):
    """The table-round is closed: reopen it before changing deals."""


@dataclass(frozen=True)
class TableView:
    """A table's seats, labels and which labels play each deal."""

    table: TableRound
    seats: list[Seat]

    @property
    def labels(self) -> list[str]:
        return unique_labels([s.entry.player.name for s in self.seats])

    def label_of(self, position: int) -> str:
        return self.labels[[s.position for s in self.seats].index(position)]

    def position_of(self, label: str) -> int | None:
        for seat, lab in zip(self.seats, self.labels, strict=True):
            if lab == label:
                return seat.position
        return None

    def players_for(self, deal_number: int) -> list[str]:
        return [
            self.label_of(p) for p in playing_positions(len(self.seats), deal_number)
        ]

    def entry_of(self, label: str):
        pos = self.position_of(label)
        return next((s.entry for s in self.seats if s.position == pos), None)


def table_view(table: TableRound) -> TableView:
    seats = list(table.seats.select_related("entry__player").order_by("position"))
    return TableView(table, seats)


def freeze_rules(tournament: Tournament) -> None:
    """Freeze the schedule at the first stored deal (later edits never apply)."""
    if tournament.rules_snapshot:
        return
    from rules.models import HouseRuleSet

    rule_set = HouseRuleSet.objects.filter(slug=tournament.rules).first()
    if rule_set:
        snap = {"preset": rule_set.preset, "overrides": rule_set.overrides,
                "name": rule_set.name}  # fmt: skip
    else:
        snap = {"preset": tournament.rules, "overrides": {}, "name": ""}
    tournament.rules_snapshot = snap
    tournament.save(update_fields=["rules_snapshot"])


def solo_made_before(view: TableView, deal_number: int) -> dict[str, int]:
    """Solo-limit contracts each player made in this tournament, this deal excluded."""
    table = view.table
    tournament_id = table.round.tournament_id
    entries = [s.entry_id for s in view.seats]
    elsewhere = dict(
        Seat.objects.filter(
            entry_id__in=entries, table__round__tournament_id=tournament_id
        )
        .exclude(table=table)
        .values_list("entry_id")
        .annotate(n=Sum("solo_made"))
    )
    here = dict.fromkeys(entries, 0)
    schedule = table.round.tournament.schedule
    for deal in table.deals.exclude(number=deal_number):
        for label in _solo_made_labels(deal.record, schedule):
            entry = view.entry_of(label)
            if entry is not None:
                here[entry.id] += 1
    return {
        view.label_of(s.position): elsewhere.get(s.entry_id, 0) + here[s.entry_id]
        for s in view.seats
    }


def _solo_made_labels(record: dict, schedule) -> list[str]:
    made = []
    for play in record.get("plays", []):
        contract = schedule.contract(play.get("contract", ""))
        if contract and contract.solo_limit and contract.made(play.get("tricks", -1)):
            made.append(play["declarer"])
    return made


def prepare(table: TableRound, number: int, record: dict) -> tuple[Result, TableView]:
    """Validate a record for deal ``number`` at ``table`` (players, context filled)."""
    view = table_view(table)
    tournament = table.round.tournament
    record = dict(record)
    record["rules"] = tournament.rules
    record["players"] = view.players_for(number)
    if tournament.schedule.solo_limit and any(
        c.solo_limit for c in tournament.schedule.contracts.values()
    ):
        record["context"] = {"solo_made": solo_made_before(view, number)}
    violations = list(_jury_violations(table, number, record, view))
    result = validate_record(record, lambda code: tournament.schedule)
    if violations:
        result = Result(None, result.violations + tuple(violations))
    return result, view


def _jury_violations(table, number, record, view):
    """An ``approved`` jury entry needs the jury's recorded approval."""
    for i, play in enumerate(record.get("plays", [])):
        if not isinstance(play, dict) or play.get("jury") != "approved":
            continue
        entry = view.entry_of(play.get("declarer", ""))
        calls = JuryCall.objects.filter(
            table=table, deal_number=number, entry=entry,
            contract=play.get("contract", ""),
        ).order_by("-at")  # fmt: skip
        latest = calls.first()
        if latest is None or latest.decision != JuryCall.Decision.APPROVED:
            message = (
                _("The jury refused this contract; it was not played.")
                if latest
                else _("No jury approval is recorded for this declarer and contract.")
            )
            yield Violation("jury_required", f"plays[{i}].jury", str(message))


def seat_scores(view: TableView, settlement: Settlement) -> list[int]:
    """Scores by seat position 1–5 (0 for a seat that sat out or is empty)."""
    scores = [0, 0, 0, 0, 0]
    for label, points in settlement.scores.items():
        scores[view.position_of(label) - 1] = points
    if sum(scores) != 0:
        raise ZeroSumError(f"seat scores {scores} do not sum to zero")
    return scores


def preview_deal(table: TableRound, number: int, record: dict):
    """(result, seat scores or None) without storing anything."""
    result, view = prepare(table, number, record)
    if not result.ok:
        return result, None
    return result, seat_scores(view, settle(result.deal))


def save_deal(
    table: TableRound, number: int, record: dict, user=None,
    expected_version: int | None = None,
) -> Deal:  # fmt: skip
    """Validate, settle and store deal ``number``; update totals; log it.

    ``expected_version`` is the version the editor saw (None for a new deal):
    a mismatch means somebody saved in between and raises ``StaleDealError``.
    """
    if table.closed:
        raise ClosedError
    tournament = table.round.tournament
    result, view = prepare(table, number, record)
    if not result.ok:
        raise DealRejectedError(result.violations)
    settlement = settle(result.deal)
    scores = seat_scores(view, settlement)
    stored = _clean_record(record, result)
    try:
        with transaction.atomic():
            _lock_open(table)
            freeze_rules(tournament)
            deal = _store(table, number, stored, scores, user, expected_version)
            recompute_table(table)
            AuditLog.objects.create(
                tournament=tournament, user=_user(user), action="deal.save",
                detail={"round": table.round.number, "table": table.number,
                        "deal": number, "version": deal.version,
                        "record": stored, "scores": scores},
            )  # fmt: skip
    except IntegrityError as exc:
        raise StaleDealError from exc
    return deal


def _lock_open(table: TableRound) -> None:
    """Lock the table row: writes at one table take turns, so recomputed seat
    totals never miss a deal saved at the same moment; and recheck closed."""
    closed = (
        TableRound.objects.select_for_update()
        .values_list("closed", flat=True)
        .get(pk=table.pk)
    )
    if closed:
        raise ClosedError


def _clean_record(record: dict, result: Result) -> dict:
    deal = result.deal
    out = {"rules": deal.schedule.code, "players": list(deal.players)}
    out["plays"] = record.get("plays", [])
    if record.get("sanctions"):
        out["sanctions"] = record["sanctions"]
    return out


def _user(user):
    return user if user is not None and user.is_authenticated else None


def _store(table, number, record, scores, user, expected_version) -> Deal:
    fields = {f"s{i + 1}": v for i, v in enumerate(scores)}
    existing = Deal.objects.select_for_update().filter(table=table, number=number)
    deal = existing.first()
    if deal is None:
        if expected_version not in (None, 0):
            raise StaleDealError
        deal = Deal.objects.create(
            table=table, number=number, record=record, updated_by=_user(user),
            **fields,
        )  # fmt: skip
        old_record = old_scores = None
    else:
        if expected_version is None or deal.version != expected_version:
            raise StaleDealError
        old_record, old_scores = deal.record, deal.seat_scores
        updated = Deal.objects.filter(pk=deal.pk, version=expected_version).update(
            record=record, version=expected_version + 1, updated_by=_user(user),
            **fields,
        )  # fmt: skip
        if updated != 1:
            raise StaleDealError
        deal.refresh_from_db()
    DealRevision.objects.create(
        deal=deal, version=deal.version, old_record=old_record, old_scores=old_scores,
        new_record=record, new_scores=scores, user=_user(user),
    )  # fmt: skip
    return deal


def delete_deal(table: TableRound, number: int, user=None) -> None:
    if table.closed:
        raise ClosedError
    with transaction.atomic():
        _lock_open(table)
        deal = Deal.objects.filter(table=table, number=number).first()
        if deal is None:
            return
        DealRevision.objects.create(
            deal=deal, version=deal.version + 1, old_record=deal.record,
            old_scores=deal.seat_scores, new_record={}, new_scores=[],
            user=_user(user),
        )  # fmt: skip
        deal.delete()
        recompute_table(table)
        AuditLog.objects.create(
            tournament=table.round.tournament, user=_user(user), action="deal.delete",
            detail={"round": table.round.number, "table": table.number,
                    "deal": number, "record": deal.record,
                    "scores": deal.seat_scores},
        )  # fmt: skip


def recompute_table(table: TableRound) -> None:
    """Seat totals of one table from its deals (16 deals: cheap, always right)."""
    view = table_view(table)
    schedule = table.round.tournament.schedule
    totals = {s.position: [0, 0, 0, 0, 0] for s in view.seats}
    for deal in table.deals.all():
        scores = deal.seat_scores
        players = deal.record.get("players", [])
        for label in players:
            pos = view.position_of(label)
            if pos in totals:
                totals[pos][1] += 1
        for play in deal.record.get("plays", []):
            contract = schedule.contract(play.get("contract", ""))
            pos = view.position_of(play.get("declarer", ""))
            declared = contract and pos in totals and not contract.is_all_pass
            if declared and contract.made(play.get("tricks", -1)):
                totals[pos][2] += 1
                totals[pos][3] += contract.solo_limit
        for s in deal.record.get("sanctions", []):
            pos = view.position_of(s.get("player", ""))
            sanction = schedule.sanctions.get(s.get("code", ""))
            if pos in totals and sanction:
                totals[pos][4] += s.get("points") or sanction.amount or 0
        for pos in totals:
            totals[pos][0] += scores[pos - 1]
    # One plain UPDATE per changed seat: bulk_update's CASE WHEN compiles
    # slowly (about 10 ms for five seats, a third of a deal save).
    fields = ("points", "deals_played", "declared_made", "solo_made",
              "sanction_points")  # fmt: skip
    for seat in view.seats:
        new = dict(zip(fields, totals[seat.position], strict=True))
        if any(getattr(seat, f) != v for f, v in new.items()):
            Seat.objects.filter(pk=seat.pk).update(**new)
            for f, v in new.items():
                setattr(seat, f, v)


def standings_for(
    tournament: Tournament, up_to_round: int | None = None, public: bool = False
):
    """Ranked standings rows (pure ``scoring.standings``) in a constant number
    of queries, whatever the event's size. ``public`` shows published rounds
    only, minus the hidden last rounds."""
    from scoring import standings
    from tournaments.models import Entry, Round

    rounds = Round.objects.filter(tournament=tournament)
    if public:
        rounds = rounds.filter(published=True)
        if tournament.hide_last_rounds:
            limit = tournament.rounds - tournament.hide_last_rounds
            rounds = rounds.filter(number__lte=limit)
    if up_to_round is not None:
        rounds = rounds.filter(number__lte=up_to_round)
    numbers = list(rounds.values_list("number", flat=True))
    seats = Seat.objects.filter(
        table__round__tournament=tournament, table__round__number__in=numbers
    ).values_list(
        "entry_id", "table__round__number", "table_id", "points", "deals_played",
        "declared_made", "sanction_points",
    )  # fmt: skip
    results = [standings.SeatResult(*row) for row in seats]
    entries = Entry.objects.filter(tournament=tournament).exclude(
        status=Entry.Status.WITHDRAWN, seats__isnull=True
    )
    names = dict(entries.values_list("id", "player__name"))
    normalise = tournament.deals_per_round * len(numbers) or None
    options = standings.Options(
        method=tournament.method,
        tiebreaks=tournament.tiebreaks or standings.DEFAULT_TIEBREAKS,
        placement_points=tournament.placement_points or standings.DEFAULT_PLACEMENT,
        normalise_to=normalise if tournament.normalise_five else None,
    )
    rows = standings.compute(results, names, options)
    return rows, names, numbers
