"""The online site's side: an event file from a hall, stored once.

An upload is the event's whole results file (docs/results-file.md), sent
again after every change the hall publishes. So it is idempotent by
nature: the same file twice is stored once (``file_digest``), and a file
that arrives after a broken connection replaces what came before. It is
checked by the same import as a backup (every deal through the deal
pipeline, docs/exports.md): a refused file is refused whole, by the path
of its first problem, and nothing is half-stored.

A change made on the online copy since the last upload is never written
over: the copy's contents are digested right after each upload
(``state_digest``); when they differ at the next one, the upload is
refused, the hall's file waits as an ``UploadConflict`` and the organiser
sees both sides (``publishing.conflicts``).
"""

import hashlib
import json
import uuid
from dataclasses import dataclass, field

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from documents.event_backup import (
    BackupError,
    export_event,
    import_event,
    load,
    replace_event,
)
from documents.event_backup_schema import check_structure
from publishing.models import OnlineCopy, UploadConflict, UploadKey
from seasons.closed import SeasonClosedError, refuse_if_closed
from seasons.models import Competition, Evening
from tournaments.audit import audit
from tournaments.models import Tournament

UPLOAD_ACTION = "publishing.upload"


@dataclass
class Outcome:
    """The answer to an upload: ``status`` is the HTTP status it is sent
    with (200 stored or already there, 400 refused file, 403 key not for
    this event, 409 conflict)."""

    status: int
    stored: bool = False
    tournament: Tournament | None = None
    problems: list[dict] = field(default_factory=list)
    conflict: UploadConflict | None = None


@dataclass(frozen=True)
class Upload:
    """What the hall sent: the file's bytes and where it comes from."""

    raw: bytes
    source: str
    season: str = ""
    evening: int | None = None


def digest(raw: bytes) -> str:
    return hashlib.sha256(raw).hexdigest()


def state_of(tournament: Tournament) -> str:
    """A digest of what the event holds as its file says it (its audit
    lines aside: reading and publishing write none, an upload writes its
    own), to notice a change made here since the last upload."""
    data = export_event(tournament)
    data.pop("audit")
    text = json.dumps(data, sort_keys=True, ensure_ascii=False)
    return digest(text.encode())


def refused(path: str, message: str, status: int = 400) -> Outcome:
    return Outcome(status, problems=[{"path": path, "message": str(message)}])


def receive(upload: Upload, key: UploadKey) -> Outcome:
    """Store ``upload`` under ``key`` (already checked as valid): a new
    event, the next state of its online copy, or a refusal that says why."""
    try:
        data = load(upload.raw)
        check_structure(data)
    except BackupError as exc:
        return refused(exc.path, exc.message)
    uid = uuid.UUID(data["tournament"]["uid"]) if data["version"] >= 4 else None
    if uid is None:
        return refused("version", _("An upload is a file of version 4 or later."))
    if key.one_event and key.bound_uid not in (None, uid):
        return refused(
            "tournament.uid", _("This key is for another event."), status=403
        )
    file_digest = digest(upload.raw)
    with transaction.atomic():
        key = UploadKey.objects.select_for_update().get(pk=key.pk)
        existing = Tournament.objects.filter(uid=uid).order_by("pk").first()
        copy = OnlineCopy.objects.filter(tournament=existing).first()
        if existing is not None and copy is None:
            return _conflict(upload, key, existing, data, file_digest)
        if copy is not None:
            problem = _not_this_keys(copy, key)
            if problem:
                return refused("", problem, status=403)
            if copy.file_digest == file_digest:
                return Outcome(200, tournament=existing)  # stored already
            if copy.closed or state_of(existing) != copy.state_digest:
                return _conflict(upload, key, existing, data, file_digest)
        return _store(upload, key, data, existing, copy, file_digest)


def _not_this_keys(copy: OnlineCopy, key: UploadKey) -> str:
    """Why ``key`` may not send to ``copy`` ("" when it may): a key of the
    copy's club may (a second laptop, a new key after a revoked one)."""
    if copy.key_id == key.pk:
        return ""
    if copy.key is not None and copy.key.club_id != key.club_id:
        return _("This event came from another club's hall.")
    return ""


def _store(upload, key, data, existing, copy, file_digest) -> Outcome:
    """Write the file (a refusal rolls everything back) and its copy row."""
    try:
        with transaction.atomic():
            user = key.created_by
            if existing is None:
                event = import_event(data, new_code=True, make_clubs=True, user=user)
            else:
                event = replace_event(existing, data, make_clubs=True, user=user)
            _to_season(event, upload, key)
            now = timezone.now()
            copy = copy or OnlineCopy(tournament=event, key=key)
            copy.key = key
            copy.source = upload.source[:120]
            copy.received = now
            copy.uploads += 1
            copy.file_digest = file_digest
            copy.state_digest = state_of(event)
            copy.save()
            if key.one_event and key.bound_uid is None:
                key.bound_uid = event.uid
            key.last_used = now
            key.save(update_fields=["bound_uid", "last_used"])
            audit(event, None, UPLOAD_ACTION, source=copy.source, key=key.hint)
    except BackupError as exc:
        return refused(exc.path, exc.message)
    except SeasonClosedError:
        return refused("", _("The season is closed on the site: it takes no evening."))
    return Outcome(200, stored=True, tournament=event)


def _to_season(event: Tournament, upload: Upload, key: UploadKey) -> None:
    """A season evening played in the hall lands on the same season here:
    the season of that code, of the key's club, as the evening of that
    number (refused by name when the season is missing or closed, or the
    number is another event's)."""
    if not upload.season:
        return
    season = Competition.objects.filter(slug=upload.season, club=key.club).first()
    if season is None:
        raise BackupError(
            "",
            _(
                "The season “%(s)s” of %(club)s is not on the site: restore its "
                "backup there first (the seasons page, “Import a season”)."
            )
            % {"s": upload.season, "club": key.club.name},
        )
    refuse_if_closed(season)
    evening = Evening.objects.filter(tournament=event).first()
    if evening is not None and evening.competition_id == season.pk:
        return
    number = upload.evening or 0
    taken = Evening.objects.filter(competition=season, number=number).first()
    if evening is not None or taken is not None or number < 1:
        raise BackupError(
            "",
            _("Evening %(n)s of the season “%(s)s” is another event on the site.")
            % {"n": number, "s": upload.season},
        )
    Evening.objects.create(competition=season, tournament=event, number=number)


def _conflict(upload, key, existing, data, file_digest) -> Outcome:
    """Keep the hall's file beside the site's copy for the organiser; one
    open conflict per event, holding the latest file."""
    conflict, _made = UploadConflict.objects.update_or_create(
        tournament=existing,
        resolved="",
        defaults={
            "key": key,
            "source": upload.source[:120],
            "file": data,
            "file_digest": file_digest,
            "season": upload.season,
            "evening": upload.evening,
        },
    )
    return Outcome(
        409,
        tournament=existing,
        conflict=conflict,
        problems=[
            {
                "path": "",
                "message": _(
                    "The event was changed on the site since the last upload: "
                    "nothing was written over. The organiser chooses on the site "
                    "which copy counts."
                ),
            }
        ],
    )


def take_the_halls(conflict: UploadConflict, user) -> Outcome:
    """The organiser's choice: the hall's file replaces the site's copy
    (the change made here is gone; the audit says who chose)."""
    key = conflict.key
    if key is None:
        return refused("", _("The key that sent this file is gone."), status=403)
    upload = Upload(
        raw=b"",
        source=conflict.source,
        season=conflict.season,
        evening=conflict.evening,
    )
    existing = conflict.tournament
    with transaction.atomic():
        copy = OnlineCopy.objects.filter(tournament=existing).first()
        if copy is not None:
            copy.closed = False
        outcome = _store(
            upload, key, conflict.file, existing, copy, conflict.file_digest
        )
        if outcome.stored:
            conflict.resolved, conflict.resolved_at = "hall", timezone.now()
            conflict.save(update_fields=["resolved", "resolved_at"])
            audit(outcome.tournament, user, "publishing.conflict", chose="hall")
        return outcome


def keep_the_sites(conflict: UploadConflict, user) -> None:
    """The organiser's choice: this site's copy stays, and takes no upload
    until a hall's file is taken again (the hall is told, refused)."""
    with transaction.atomic():
        OnlineCopy.objects.filter(tournament=conflict.tournament).update(closed=True)
        conflict.resolved, conflict.resolved_at = "site", timezone.now()
        conflict.save(update_fields=["resolved", "resolved_at"])
        audit(conflict.tournament, user, "publishing.conflict", chose="site")
