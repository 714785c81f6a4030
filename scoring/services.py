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

from rules.jury import latest_decisions
from rules.validation import Violation
from scoring.models import Deal, DealRevision, JuryCall
from scoring.pipeline import (
    DealContext,
    Outcome,
    counting_made,
    deal_players,
    run_deal,
    solo_limit_counts,
)
from tournaments.dealing import unique_labels
from tournaments.models import AuditLog, Bye, Seat, TableRound, Tournament
from tournaments.names import shown_names


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
        return deal_players(self.labels, deal_number)[0]

    def sitting_out_for(self, deal_number: int) -> str | None:
        return deal_players(self.labels, deal_number)[1]

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
    """Solo-limit contracts each of the deal's four players made earlier in
    the tournament: in earlier rounds, and in earlier deals at this table.

    The dealer sitting out is not a player of this deal; their own count
    reaches their later deals the same way."""
    table = view.table
    schedule = table.round.tournament.schedule
    players = view.players_for(deal_number)
    entries = {label: view.entry_of(label).id for label in players}
    earlier = dict(
        Seat.objects.filter(
            entry_id__in=entries.values(),
            table__round__tournament_id=table.round.tournament_id,
            table__round__number__lt=table.round.number,
        )
        .values_list("entry_id")
        .annotate(n=Sum("solo_made"))
        .order_by()
    )
    counts = {label: earlier.get(entries[label], 0) for label in players}
    for deal in table.deals.filter(number__lt=deal_number):
        for label in counting_made(schedule, deal.record):
            if label in counts:
                counts[label] += 1
    return counts


def deal_context(view: TableView, number: int) -> DealContext:
    """What the event knows before deal ``number`` at this table."""
    schedule = view.table.round.tournament.schedule
    solo = solo_made_before(view, number) if solo_limit_counts(schedule) else {}
    calls = (
        JuryCall.objects.filter(table=view.table, deal_number=number)
        .order_by("at", "id")
        .values_list("entry_id", "contract", "decision")
    )
    label = {s.entry_id: lab for s, lab in zip(view.seats, view.labels, strict=True)}
    jury = latest_decisions((label.get(e, ""), c, d) for e, c, d in calls)
    return DealContext(solo, jury)


def prepare(table: TableRound, number: int, record: dict) -> tuple[Outcome, TableView]:
    """Run deal ``number`` at ``table`` through the pipeline (nothing stored)."""
    view = table_view(table)
    schedule = table.round.tournament.schedule
    outcome = run_deal(
        schedule, view.labels, number, record, deal_context(view, number)
    )
    return outcome, view


def preview_deal(table: TableRound, number: int, record: dict):
    """(outcome, seat scores or None) without storing anything."""
    outcome, _view = prepare(table, number, record)
    return outcome, list(outcome.seat_scores) if outcome.ok else None


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
    outcome, _view = prepare(table, number, record)
    if not outcome.ok:
        raise DealRejectedError(outcome.violations)
    scores, stored = list(outcome.seat_scores), outcome.record
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
    byes = Bye.objects.filter(
        round__tournament=tournament, round__number__in=numbers
    ).values_list("entry_id", "round__number")
    entries = Entry.objects.filter(tournament=tournament).exclude(
        status__in=(Entry.Status.WITHDRAWN, Entry.Status.SUBSTITUTE),
        seats__isnull=True,
    )
    found = list(
        entries.values_list(
            "id",
            "player__name",
            "player__club__name",
            "player__federation_number",
            "status",
        )
    )
    names = shown_names(
        (pk, name, club or "", fed) for pk, name, club, fed, _s in found
    )
    substitutes = [row[0] for row in found if row[-1] == Entry.Status.SUBSTITUTE]
    options = standings.Options(
        method=tournament.method,
        tiebreaks=tournament.tiebreaks or standings.DEFAULT_TIEBREAKS,
        placement_points=tournament.placement_points or standings.DEFAULT_PLACEMENT,
        normalise_to=tournament.deals_per_round if tournament.normalise_five else None,
        bye_policy=tournament.bye_policy,
        bye_points=tournament.bye_points,
    )
    rows = standings.compute(results, names, options, byes, substitutes)
    return rows, names, numbers
