"""What a seating came to, in counts and in plain sentences.

``SeatingOutcome`` is what ``seating_screen.generate_tables`` found: repeat
meetings in the new round and in the event so far, the fewest repeats any
seating of the same rounds can have (the counting bound), club-mates and
pairs kept apart seated together. ``messages()`` says it in sentences that
never contradict each other: the repeats are either at the fewest possible
or said to be above a stated minimum, every count with its own plural.
"""

from dataclasses import asdict, dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import ngettext


@dataclass
class SeatingOutcome:
    round_repeats: int = 0  # pairs of the new round that met before
    total_repeats: int = 0  # in the event so far, this round included
    bound: int = 0  # no seating of the same rounds has fewer repeats
    club_meetings: int = 0  # club-mates at one table in the new round
    apart_meetings: int = 0  # pairs the TD keeps apart at one table
    has_clubs: bool = False  # two present players share a club
    has_pairs: bool = False  # the TD named pairs to keep apart
    seats_balanced: bool = True
    engine: str = "optimal"
    #: the history holds a season's earlier evenings: the totals are the
    #: season's, in the season page's words (``season_sentence``)
    season: bool = False
    byes: list[str] = field(default_factory=list)

    def as_dict(self) -> dict:
        return asdict(self)

    def messages(self) -> list[str]:
        """Plain sentences for the round page (translated, no contradiction)."""
        out = []
        n = self.round_repeats
        if n == 0:
            out.append(_("This round: no repeat meetings."))
        else:
            out.append(
                ngettext(
                    "This round: %(n)d repeat meeting.",
                    "This round: %(n)d repeat meetings.",
                    n,
                )
                % {"n": n}
            )
        total, bound = self.total_repeats, min(self.bound, self.total_repeats)
        if self.season:
            out.append(season_sentence(total, bound))
        elif total and total == bound:
            out.append(
                ngettext(
                    "So far %(n)d repeat meeting in the event: no seating of "
                    "these rounds can have fewer.",
                    "So far %(n)d repeat meetings in the event: no seating of "
                    "these rounds can have fewer.",
                    total,
                )
                % {"n": total}
            )
        elif total:
            out.append(
                ngettext(
                    "So far %(n)d repeat meeting in the event.",
                    "So far %(n)d repeat meetings in the event.",
                    total,
                )
                % {"n": total}
                + " "
                + (
                    ngettext(
                        "At least %(n)d cannot be avoided.",
                        "At least %(n)d cannot be avoided.",
                        bound,
                    )
                    % {"n": bound}
                    if bound
                    else _("Another seating might avoid them.")
                )
            )
        if self.has_clubs:
            c = self.club_meetings
            out.append(
                _("Club-mates all sit at different tables.")
                if c == 0
                else ngettext(
                    "%(n)d pair of club-mates sits at one table.",
                    "%(n)d pairs of club-mates sit at one table.",
                    c,
                )
                % {"n": c}
            )
        if self.has_pairs:
            p = self.apart_meetings
            out.append(
                _("Every pair to keep apart sits apart.")
                if p == 0
                else ngettext(
                    "%(n)d pair to keep apart sits at one table.",
                    "%(n)d pairs to keep apart sit at one table.",
                    p,
                )
                % {"n": p}
            )
        if not self.seats_balanced:
            out.append(
                _(
                    "Seat numbers (who deals first) are shared as evenly as "
                    "the rounds so far allow."
                )
            )
        return out


def season_sentence(total: int, bound: int) -> str:
    """The season's repeat meetings so far and how many of them the last
    partij's seating could not avoid (the partijen before it are played):
    the round page after seating and the season page say this same
    sentence with the same two numbers."""
    bound = min(bound, total)
    if not total:
        return _("No repeat meetings this season so far.")
    if total == bound:
        return ngettext(
            "So far %(n)d repeat meeting this season: after the partijen "
            "before, no seating of the last one could have fewer.",
            "So far %(n)d repeat meetings this season: after the partijen "
            "before, no seating of the last one could have fewer.",
            total,
        ) % {"n": total}
    said = ngettext(
        "So far %(n)d repeat meeting this season.",
        "So far %(n)d repeat meetings this season.",
        total,
    ) % {"n": total}
    if not bound:
        return said + " " + _("Another seating might have avoided them.")
    return (
        said
        + " "
        + ngettext(
            "At least %(n)d of them could not be avoided after the partijen "
            "before the last one.",
            "At least %(n)d of them could not be avoided after the partijen "
            "before the last one.",
            bound,
        )
        % {"n": bound}
    )
