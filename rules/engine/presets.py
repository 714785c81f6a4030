"""The three shipped presets, exactly as ../shared/spec/rulesets.md gives them.

Numbers live here as data; ``scoring.settlement`` does the arithmetic.
Optional pagat variants are catalogue entries with ``enabled=False`` and a
``variant`` tag that a house-rule set switches on.
"""

from collections.abc import Callable

from rules.engine.contracts import Contract, all_pass, fixed, solo, team
from rules.engine.schedules import Sanction, Schedule
from rules.engine.types import AllPassGame, Kind, LossMode, Payment, Suit

H = Suit.HEARTS
NONE = Suit.NONE

#: Variants a pagat house-rule set may switch on (source 000 "Variations").
PAGAT_VARIANTS = ("solo-7", "beter-solos", "schoppen-mie", "een-vijf-elf")


#: The most a house-rule set may set each sanction to (docs/decisions.md):
#: the jury's own "maximaal 15 punten" (003) and three times 003's amounts.
SANCTION_CEILINGS = {
    "turn-up-forgotten": 9,
    "troel-not-announced": 45,
    "jury-not-called": 15,
}


def _penalty() -> Sanction:
    """The director's ruling: any positive multiple of 3, on anyone at the table."""
    return Sanction("penalty", "Straf", "Penalty", may_name_sitting_out=True)


def jury_not_called(maximum: int = 15) -> Sanction:
    """003: "als dit niet gebeurt volgt een sanctie van maximaal 15 punten"."""
    return Sanction(
        "jury-not-called",
        "Jury niet geroepen",
        "Jury not called",
        maximum=maximum,
        ceiling=SANCTION_CEILINGS["jury-not-called"],
    )


def _index(contracts: list[Contract]) -> dict[str, Contract]:
    return {c.code: c for c in contracts}


def pagat() -> Schedule:
    """Preset ``pagat``: international units (sources 000, 001)."""
    c: list[Contract] = [
        team("rik", "Rik", "Rik", 1, base=1, step=1, bonus13=1),
        team("rik-beter", "Rik beter", "Rik better", 2, base=1, step=1, bonus13=1,
             trump=H),
        solo("solo-7", "7 alleen", "Solo 7", 2.5, target=7, base=1, step=1,
             bonus13=1, enabled=False, variant="solo-7"),
    ]  # fmt: skip
    for n, rank in ((8, 3), (9, 5), (10, 6), (11, 7), (12, 8)):
        c.append(
            solo(
                f"solo-{n}",
                f"{n} alleen",
                f"Solo {n}",
                rank,
                target=n,
                base=1,
                step=1,
                bonus13=1,
            )
        )
    c += [
        fixed("misere", "Misère", "Misère", 4, Kind.MISERE, value=5, group="m4",
              trump=NONE),
        fixed("piek", "Piek", "Piek", 4, Kind.PIEK, value=5, group="m4", trump=NONE),
        fixed("open-misere", "Open misère", "Open misère", 9, Kind.MISERE,
              value=10, group="m9", trump=NONE),
        fixed("open-piek", "Open piek", "Open piek", 9, Kind.PIEK, value=10,
              group="m9", trump=NONE),
        team("troela", "Troela", "Troela (triple ace)", 10, base=2, step=1,
             bonus13=1),
        fixed("open-misere-praatje", "Open misère met een praatje",
              "Open misère with discussion", 11, Kind.MISERE, value=15,
              group="m11", trump=NONE),
        fixed("open-piek-praatje", "Open piek met een praatje",
              "Open piek with discussion", 11, Kind.PIEK, value=15, group="m11",
              trump=NONE),
        fixed("solo-13", "13 alleen", "Solo 13", 12, Kind.FIXED_SOLO, target=13,
              value=15),
        fixed("open-solo-13", "Open 13 alleen", "Open solo 13", 13,
              Kind.FIXED_SOLO, target=13, value=20),
    ]  # fmt: skip
    solos = [x for x in c if x.code.startswith("solo-") and x.code != "solo-7"]
    for s in solos:
        c.append(
            s.with_changes(
                code=f"{s.code}-beter",
                name_nl=f"{s.name_nl} beter",
                name_en=f"{s.name_en} better",
                rank=s.rank + 0.5,
                trump=H,
                enabled=False,
                variant="beter-solos",
            )
        )
    c += [
        all_pass("schoppen-mie", "Schoppen mie", "Queen of spades (schoppen mie)",
                 unit=10, payment=Payment.POT, game=AllPassGame.QUEEN_AND_LAST,
                 enabled=False, variant="schoppen-mie"),
        all_pass("een-vijf-elf", "Eén-vijf-elf", "1-5-11", unit=10,
                 payment=Payment.POT, game=AllPassGame.TRICK_COUNT,
                 winning=(1, 5, 11), enabled=False, variant="een-vijf-elf"),
    ]  # fmt: skip
    return Schedule(
        code="pagat",
        name="Pagat (international units)",
        preset="pagat",
        contracts=_index(c),
        sanctions={"penalty": _penalty()},
    )


def nl() -> Schedule:
    """Preset ``nl``: Dutch club table in points (sources 002, 004)."""
    d = LossMode.DECLARER
    c: list[Contract] = [
        team("troela", "Troela", "Triple ace", 0, base=10, step=5, bonus13=0),
        team("rik", "Rik", "Rik", 1, base=10, step=5, bonus13=20, loss=d),
        team("rik-beter", "Betere rik", "Rik better", 2, base=10, step=5,
             bonus13=20, loss=d, trump=H),
        fixed("piek", "Piek", "Piek", 5, Kind.PIEK, value=20, group="piek",
              trump=NONE),
        fixed("misere", "Misère", "Misère", 8, Kind.MISERE, value=30,
              group="misere", trump=NONE),
        fixed("open-piek", "Open piek", "Open piek", 11, Kind.PIEK, value=40,
              trump=NONE),
        fixed("open-misere", "Open misère", "Open misère", 14, Kind.MISERE,
              value=50, trump=NONE),
        fixed("open-piek-praatje", "Open piek met een praatje",
              "Open piek with discussion", 15, Kind.PIEK, value=55, trump=NONE),
        fixed("open-misere-praatje", "Open misère met een praatje",
              "Open misère with discussion", 18, Kind.MISERE, value=65, trump=NONE),
    ]  # fmt: skip
    words = {8: "Acht", 9: "Negen", 10: "Tien", 11: "Elf", 12: "Twaalf"}
    ranks = {8: 3, 9: 6, 10: 9, 11: 12, 12: 16}
    bases = {8: 10, 9: 20, 10: 30, 11: 40, 12: 60}
    for n, word in words.items():
        plain = solo(
            f"solo-{n}",
            f"{word} alleen",
            f"Solo {n}",
            ranks[n],
            target=n,
            base=bases[n],
            step=5,
            bonus13=0,
        )
        c.append(plain)
        c.append(
            plain.with_changes(
                code=f"solo-{n}-beter",
                name_nl=f"{word} beter",
                name_en=f"Solo {n} better",
                rank=ranks[n] + 1,
                trump=H,
            )
        )
    thirteen = fixed(
        "solo-13", "Dertien alleen", "Solo 13", 19, Kind.FIXED_SOLO, target=13, value=70
    )
    c += [
        thirteen,
        thirteen.with_changes(
            code="solo-13-beter", name_nl="Dertien beter", name_en="Solo 13 better",
            rank=20, trump=H,
        ),
        all_pass("schoppen-mie", "Schoppen mie", "Queen of spades (schoppen mie)",
                 unit=15, payment=Payment.EACH_TO_EACH,
                 game=AllPassGame.QUEEN_AND_LAST),
        all_pass("een-of-vijf", "Eén of vijf", "One or five", unit=15,
                 payment=Payment.EACH_TO_EACH, game=AllPassGame.TRICK_COUNT,
                 winning=(1, 5)),
    ]  # fmt: skip
    return Schedule(
        code="nl",
        name="Nederlands clubschema (punten)",
        preset="nl",
        contracts=_index(c),
        sanctions={"penalty": _penalty()},
    )


def iwwa() -> Schedule:
    """Preset ``iwwa``: tournament regulation style (source 003)."""
    d = LossMode.DECLARER
    c: list[Contract] = [
        team("rik", "Rikken buiten troef", "Rik outside trump", 1, base=2, step=1,
             bonus13=0, loss=d),
        team("rik-troef", "Rikken in troef (afrikken)", "Rik in trump", 2, base=2,
             step=1, bonus13=0, loss=d),
    ]  # fmt: skip
    for n, rank, value in ((9, 3, 5), (10, 5, 6), (11, 8, 8), (12, 10, 9)):
        plain = fixed(
            f"abondance-{n}",
            f"Abondance {n}",
            f"Abondance {n}",
            rank,
            Kind.FIXED_SOLO,
            target=n,
            value=value,
            solo_limit=n <= 11,
        )
        c.append(plain)
        c.append(
            plain.with_changes(
                code=f"abondance-{n}-troef",
                name_nl=f"Abondance {n} in troef",
                name_en=f"Abondance {n} in trump",
                rank=rank + 1,
            )
        )
    c += [
        fixed("misere", "Miserie", "Misère", 7, Kind.MISERE, value=7,
              group="misere", trump=NONE, solo_limit=True),
        team("troel", "Troel", "Troel (three aces)", 12, base=4, step=2, bonus13=0),
        # 003: "De Harten Aas blijft de hoogste troef": hearts are trump.
        team("troela", "Troela", "Troela (four aces)", 13, base=4, step=2,
             bonus13=0, trump=H),
        fixed("open-misere", "Miserie op tafel", "Open misère", 14, Kind.MISERE,
              value=14, group="open-misere", trump=NONE, jury=True,
              solo_limit=True),
        fixed("solo", "Solo", "Solo", 15, Kind.FIXED_SOLO, target=13, value=20,
              jury=True),
        fixed("solo-slim", "Solo slim", "Solo slim (turned-up trump)", 16,
              Kind.FIXED_SOLO, target=13, value=30, jury=True),
    ]  # fmt: skip
    sanctions = {
        # 003: "een sanctie van -3 voor de deler": the dealer's, also when
        # the dealer sits out at a table of five.
        "turn-up-forgotten": Sanction(
            "turn-up-forgotten", "Keerkaart vergeten", "Turn-up card forgotten",
            amount=3, ceiling=SANCTION_CEILINGS["turn-up-forgotten"],
            may_name_sitting_out=True, dealer_only=True,
        ),
        # 003: "-15 punten ... Het spel wordt geannuleerd en dezelfde deler
        # moet opnieuw geven": stored with the redeal's play (decisions.md).
        "troel-not-announced": Sanction(
            "troel-not-announced", "Troel niet aangekondigd",
            "Three aces not announced", amount=15,
            ceiling=SANCTION_CEILINGS["troel-not-announced"],
        ),
        "jury-not-called": jury_not_called(),
        "penalty": _penalty(),
    }  # fmt: skip
    return Schedule(
        code="iwwa",
        name="IWWA toernooireglement",
        preset="iwwa",
        contracts=_index(c),
        sanctions=sanctions,
        solo_limit=2,
    )


PRESETS: dict[str, Callable[[], Schedule]] = {"pagat": pagat, "nl": nl, "iwwa": iwwa}
_CACHE: dict[str, Schedule] = {}


def get_preset(code: str) -> Schedule | None:
    """The preset with this code (built once; schedules are immutable)."""
    if code not in PRESETS:
        return None
    if code not in _CACHE:
        _CACHE[code] = PRESETS[code]()
    return _CACHE[code]
