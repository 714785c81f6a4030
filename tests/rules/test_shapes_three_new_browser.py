"""The new shapes in the house-rule editor, in real Chromium on a phone: the
failed prices open, filled in and saved with a trick to count from and the
penalty-point switch; nothing wider than the screen; the rules page then
says them in words."""

import pytest

from rules.models import HouseRuleSet
from tests.browser import OVERFLOW, browser_page, log_in, needs_chromium

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    needs_chromium,
]


def test_a_td_sets_the_new_shapes_on_a_phone(live_server, make_user):
    make_user("maker", organiser=True)
    with browser_page(live_server.url) as page:
        page.set_viewport_size({"width": 360, "height": 740})
        log_in(page, "maker", "pw")
        page.goto("/rules/nl/edit/")
        page.fill("#slug", "strafclub")
        page.fill("#name", "Strafclub")
        page.fill('input[name="shape__failed_step__piek"]', "10")
        page.fill('input[name="shape__failed_step_from__piek"]', "2")
        prices = page.locator("div.shape-prices")
        prices.locator("summary").click()
        page.fill('input[name="shape__failed_prices__misere__base"]', "90")
        page.check('input[name="shape__penalty_points"]')
        found = page.evaluate(OVERFLOW)
        assert found["scroll"] <= found["width"] and not found["outside"], found
        with page.expect_navigation():
            page.click('button[value="clone"]')
        assert page.url.endswith("/rules/strafclub/")
        text = page.inner_text("main")
    assert HouseRuleSet.objects.get(slug="strafclub").overrides == {
        "shapes": {
            "failed_step": {"piek": 10},
            "failed_step_from": {"piek": 2},
            "failed_prices": {"misere": {"base": 90}},
            "penalty_points": True,
        }
    }
    assert "Piek: from trick 2" in text or "Piek: vanaf slag 2" in text
