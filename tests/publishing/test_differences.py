"""Both sides of a refused upload, compared (pure: no database)."""

import copy

from publishing.differences import MOST, differences


def event_file() -> dict:
    deal = {
        "number": 1,
        "version": 1,
        "record": {"plays": [{"contract": "rik"}]},
        "scores": {},
        "seat_scores": [-20, 20, 20, -20, 0],
    }
    table = {"number": 1, "seats": [{"position": 1, "player": "Anna"}], "deals": [deal]}
    return {
        "tournament": {"slug": "x", "uid": "u", "name": "Dag", "venue": "Zaal"},
        "players": [{"ref": "Anna", "name": "Anna", "club": None, "status": "in"}],
        "rounds": [
            {"number": 1, "status": "closed", "published": True, "tables": [table]}
        ],
    }


def test_the_same_file_has_no_differences():
    assert differences(event_file(), event_file()) == ([], 0)


def test_each_difference_says_where_it_is():
    site, hall = event_file(), event_file()
    site["tournament"]["venue"] = "Online"
    hall["rounds"][0]["published"] = False
    hall["rounds"][0]["tables"][0]["deals"][0]["record"]["plays"][0]["contract"] = (
        "solo"
    )
    hall["players"].append({"ref": "Bert", "name": "Bert", "club": None})
    lines, more = differences(site, hall)
    assert more == 0
    found = {
        (d.what, d.round, d.table, d.deal, d.player): (d.site, d.hall) for d in lines
    }
    assert found[("venue", None, None, None, "")] == ("Online", "Zaal")
    assert found[("published", 1, None, None, "")] == ("✓", "✗")
    assert found[("deal", 1, 1, 1, "")] == (
        "rik -20 +20 +20 -20 +0",
        "solo -20 +20 +20 -20 +0",
    )
    assert found[("entered", None, None, None, "Bert")] == ("—", "✓")


def test_a_long_list_is_cut_and_counted():
    site, hall = event_file(), event_file()
    hall["players"] += [{"ref": f"P{i}", "name": f"P{i}"} for i in range(MOST + 5)]
    lines, more = differences(site, copy.deepcopy(hall))
    assert len(lines) == MOST and more == 5


def test_namesakes_are_named_as_the_td_s_pages_name_them():
    """Not by the file's refs ("Jan de Vries [2]"): the register's way."""
    from publishing.differences import Difference
    from publishing.views_site import _names, where

    players = [
        {"ref": "Jan de Vries", "name": "Jan de Vries", "distinction": "1956"},
        {"ref": "Jan de Vries [2]", "name": "Jan de Vries", "distinction": "1971"},
    ]
    names = _names({"players": players}, {"players": players[:1]})
    line = Difference("entered", "✓", "—", player="Jan de Vries [2]")
    said = where(line, names)
    assert "1971" in said and "[2]" not in said
