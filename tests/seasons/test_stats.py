"""The statistics and the chart, on hand-written deal rows (pure, no database).

Anna (entry 1) sits at seat 1 with Bert (2), Cor (3) and Dirk (4); the rows
are shaped as ``scoring.rowsource.deal_rows`` yields them, tagged with
Anna's ``seat`` and ``points`` as ``by_player`` does.
"""

import xml.etree.ElementTree as ET

from publicpages.charts import Line, line_chart, nice_ticks
from seasons.stats import player_stats, points_by, running, season_numbers

SEATS = [(1, 1, "Anna"), (2, 2, "Bert"), (3, 3, "Cor"), (4, 4, "Dirk")]
SVG = "{http://www.w3.org/2000/svg}"


def play(code, declarer, tricks, made, target, partner=None, name=None):
    return {
        "code": code,
        "name": name or code.title(),
        "declarer": declarer,
        "partner": partner,
        "tricks": tricks,
        "made": made,
        "target": target,
    }


def row(number, plays, scores, sanctions=(), sanction_seats=(), event=1, rnd=1):
    return {
        "round": rnd,
        "table": 1,
        "deal": number,
        "event": event,
        "sits_out": None,
        "seats": SEATS,
        "contract": " + ".join(p["name"] for p in plays) or "Passed",
        "plays": plays,
        "scores": scores,
        "sanction_rows": list(sanctions),
        "sanction_seats": list(sanction_seats),
    }


def tagged(r, seat=1):
    return {**r, "seat": seat, "points": r["scores"][seat - 1]}


# 1: Anna's rik with Bert, 10 tricks of 8: made, 2 over (+3 each).
# 2: Anna's solo-8, 6 tricks: failed, 2 under (-9).
# 3: Cor's rik with Anna as partner, 7 tricks: failed, 1 under; and a
#    sanction of 6 on Anna.
# 4: Anna's misère, made (no trick target: no over or under).
DEALS = [
    row(1, [play("rik", 1, 10, True, 8, partner=2)], [3, 3, -3, -3]),
    row(2, [play("solo-8", 1, 6, False, 8)], [-9, 3, 3, 3]),
    row(
        3,
        [play("rik", 3, 7, False, 8, partner=1)],
        [-2 - 6, 2, -2, 2 + 6],
        sanctions=[("renonce", "Verzaakt", "Anna", 6)],
        sanction_seats=[1],
    ),
    row(4, [play("misere", 1, 0, True, None)], [15, -5, -5, -5]),
]


def test_it_counts_the_contracts_declared_and_made():
    stats = player_stats([tagged(r) for r in DEALS])
    assert stats.deals == 4
    assert stats.points == 3 - 9 - 8 + 15
    lines = {c.code: c.tally for c in stats.declared}
    assert set(lines) == {"rik", "solo-8", "misere"}
    assert (lines["rik"].times, lines["rik"].made, lines["rik"].percent) == (1, 1, 100)
    assert (lines["solo-8"].made, lines["solo-8"].percent) == (0, 0)
    total = stats.declared_total
    assert (total.times, total.made, total.percent) == (3, 2, 67)


def test_it_adds_up_over_and_undertricks_only_where_there_is_a_target():
    lines = {c.code: c.tally for c in player_stats([tagged(r) for r in DEALS]).declared}
    assert (lines["rik"].over, lines["rik"].under) == (2, 0)
    assert (lines["solo-8"].over, lines["solo-8"].under) == (0, 2)
    assert (lines["misere"].over, lines["misere"].under) == (0, 0)


def test_it_counts_the_contracts_as_partner():
    stats = player_stats([tagged(r) for r in DEALS])
    assert [(c.code, c.tally.times, c.tally.made) for c in stats.partnered] == [
        ("rik", 1, 0)
    ]
    assert (stats.partnered[0].tally.under, stats.partnered_total.percent) == (1, 0)


def test_it_pairs_partners_either_way_round():
    stats = player_stats([tagged(r) for r in DEALS])
    pairs = {p.name: (p.times, p.made, p.points) for p in stats.partners}
    assert pairs == {"Bert": (1, 1, 3), "Cor": (1, 0, -8)}


def test_partners_are_keyed_by_player_over_a_season():
    """Bert is entry 2 in one event and entry 12 in the next: one partner."""
    later = [(1, 11, "Anna"), (2, 12, "Bert"), (3, 13, "Cor"), (4, 14, "Dirk")]
    second = {**DEALS[0], "seats": later, "event": 2}
    player = {2: 102, 12: 102, 3: 103}
    stats = player_stats([tagged(DEALS[0]), tagged(second)], key_of=player.get)
    assert [(p.key, p.name, p.times, p.points) for p in stats.partners] == [
        (102, "Bert", 2, 6)
    ]


def test_it_counts_the_sanctions_the_player_received():
    stats = player_stats([tagged(r) for r in DEALS])
    assert [(s.code, s.times, s.points) for s in stats.sanctions] == [("renonce", 1, 6)]
    assert (stats.sanction_count, stats.sanction_points) == (1, 6)
    bert = player_stats([tagged(r, seat=2) for r in DEALS])
    assert bert.sanctions == []


def test_a_dealer_sitting_out_plays_no_deal():
    out = {**tagged(DEALS[1], seat=1), "sits_out": 1, "points": 0}
    assert player_stats([out]).deals == 0


def test_running_totals_and_points_per_step():
    rows = [tagged(DEALS[0]), {**tagged(DEALS[1]), "round": 2}, tagged(DEALS[3])]
    assert points_by(rows, "round") == {1: 18, 2: -9}
    assert running([18, None, -9]) == [18, 18, 9]


def test_season_numbers_count_deals_contracts_and_the_biggest_scores():
    numbers = season_numbers(DEALS, top=2)
    assert numbers.deals == 4 and numbers.plays == 4
    assert [(c.code, c.times, c.percent) for c in numbers.contracts] == [
        ("rik", 2, 50),
        ("misere", 1, 25),
    ]
    biggest = [(b.points, b.name, b.deal) for b in numbers.biggest]
    assert biggest == [(15, "Anna", 4), (-9, "Anna", 2)]


def parse(svg: str):
    return ET.fromstring(svg)


def test_the_chart_is_valid_svg_with_one_path_per_player():
    svg = line_chart(
        [Line("Anna", [3, -6, 9]), Line("Bert", [0, 5, None])],
        ["R1", "R2", "R3"],
        title="Running score",
        x_title="Round",
    )
    root = parse(svg)
    assert root.tag == SVG + "svg"
    assert root.get("role") == "img" and root.get("aria-label") == "Running score"
    assert root.get("width") == "100%" and root.get("viewBox").startswith("0 0 360 ")
    assert root.find(SVG + "title").text == "Running score"
    paths = root.findall(f"{SVG}path")
    assert len(paths) == 2
    assert [p.get("class") for p in paths] == ["series series-0", "series series-1"]
    assert root.findall(f"{SVG}line[@class='zero']")  # the zero line
    assert "style" not in svg  # the CSP forbids style attributes
    assert "R3" in [t.text for t in root.iter(SVG + "text")]


def test_the_chart_escapes_every_name():
    svg = line_chart(
        [Line("<b>Anna</b> & co", [1, 2]), Line('"Bert"', [2, 1])],
        ["<1>", "2"],
        title="<script>",
        description="a < b",
    )
    root = parse(svg)
    texts = [t.text for t in root.iter(SVG + "text")]
    assert "<b>Anna</b> & co" in texts and "<1>" in texts
    assert "<b>" not in svg and "<script>" not in svg
    assert root.get("aria-label") == "<script>"


def test_the_chart_is_deterministic_and_copes_with_one_step_or_none():
    lines = [Line("Anna", [12.5])]
    assert line_chart(lines, ["1"], title="t") == line_chart(lines, ["1"], title="t")
    assert len(parse(line_chart(lines, ["1"], title="t")).findall(f"{SVG}circle")) == 1
    parse(line_chart([Line("Anna", [])], [], title="empty"))


def test_ticks_are_round_and_cover_the_range():
    assert nice_ticks(-9, 18) == [-10, 0, 10, 20]
    assert nice_ticks(0, 9) == [0, 2, 4, 6, 8, 10]
    assert nice_ticks(0, 0, whole=True) == [0, 1]
    assert nice_ticks(0, 1) == [0, 0.2, 0.4, 0.6, 0.8, 1]
    ticks = nice_ticks(-123, 4567)
    assert ticks[0] <= -123 and ticks[-1] >= 4567 and len(ticks) <= 6
