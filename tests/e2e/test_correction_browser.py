"""A correction after publication, walked in real Chromium: the TD reopens a
published round (asked to confirm and to say why; refused without a reason),
corrects a deal on the entry form, and a phone's public page then says the
round was corrected after publication, when and why."""

import pytest
from django.urls import reverse

from tests.browser import OVERFLOW, log_in, needs_chromium

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    needs_chromium,
]


def test_a_published_round_is_corrected_with_a_reason_the_public_reads(
    page, live_server, small_event, make_user
):
    from scoring.models import Deal
    from tournaments.models import AuditLog, Round, TournamentRole

    td = make_user("td")
    td.set_password("rikken-td-1")
    td.save()
    TournamentRole.objects.create(tournament=small_event, user=td, role="td")
    round_1 = small_event.round_set.get(number=1)
    assert round_1.published and round_1.status == Round.Status.CLOSED
    log_in(page, "td", "rikken-td-1")

    page.goto("/manage/small/round/1/")
    with page.expect_navigation():
        page.locator("form[action$='/reopen/'] button").first.click()
    assert page.locator("[name=reason]").count() == 1  # asked, not yet done
    assert Round.objects.get(pk=round_1.pk).status == Round.Status.CLOSED
    page.locator("[name=reason]").fill("   ")
    page.locator("main form button[type=submit]").last.click()
    page.wait_for_load_state()
    assert Round.objects.get(pk=round_1.pk).status == Round.Status.CLOSED
    page.locator("[name=reason]").fill("Tafel 1, spel 1: slagen verkeerd overgenomen")
    with page.expect_navigation():
        page.locator("main form button[type=submit]").last.click()
    assert Round.objects.get(pk=round_1.pk).status == Round.Status.SEATED

    deal = Deal.objects.get(table__round=round_1, table__number=1, number=1)
    tricks = deal.record["plays"][0]["tricks"]
    page.goto("/manage/small/round/1/table/1/deal/1/")
    page.fill("#id_p0_tricks", str(tricks - 1 if tricks else 1))
    page.locator("#preview table, #preview ul").first.wait_for()
    with page.expect_response(
        lambda r: r.request.method == "POST" and r.url.endswith("/deal/1/")
    ):
        page.click("#deal-form button.save")
    deal.refresh_from_db()
    assert deal.version == 2
    line = AuditLog.objects.filter(action="round.reopen").latest("id")
    assert "verkeerd overgenomen" in line.detail["reason"]

    phone = page.context.browser.new_context(
        viewport={"width": 360, "height": 740}, locale="en-US"
    )
    public = phone.new_page()
    public.goto(live_server.url + reverse("public:standings", args=["small"]))
    note = public.locator(".correction").inner_text()
    assert "Round 1 was corrected after its results were published" in note
    assert "Tafel 1, spel 1: slagen verkeerd overgenomen" in note
    fit = public.evaluate(OVERFLOW)
    assert fit["scroll"] <= fit["width"] and not fit["outside"], fit
    phone.close()
