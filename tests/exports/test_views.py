import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from documents.event_backup import export_event
from tournaments.models import Tournament


def test_it_lists_the_exports_for_the_td(td_client):
    response = td_client.get(reverse("documents:index", args=["small"]))
    assert response.status_code == 200
    assert b"/export/pdf/blank-sheets/?round=1" in response.content


@pytest.mark.parametrize(
    ("name", "args", "query", "content_type"),
    [
        ("pdf", ["small", "sheets"], "?round=2", "application/pdf"),
        ("pdf", ["small", "standings"], "", "application/pdf"),
        ("pdf", ["small", "cards"], "", "application/pdf"),
        ("xlsx", ["small"], "", "spreadsheetml"),
        ("json", ["small"], "", "application/json"),
    ],
)
def test_it_streams_each_download(td_client, name, args, query, content_type):
    response = td_client.get(reverse(f"documents:{name}", args=args) + query)
    assert response.status_code == 200
    assert content_type in response["Content-Type"]
    assert "attachment" in response["Content-Disposition"]
    body = b"".join(response.streaming_content)
    if name == "pdf" and args[1] == "sheets":
        assert b"%PDF" in body[:10]


def test_it_prints_the_request_host_in_the_qr_url(td_client, settings):
    settings.ALLOWED_HOSTS = ["rik.example"]
    import io

    from pypdf import PdfReader

    url = reverse("documents:pdf", args=["small", "blank-sheets"])
    response = td_client.get(url + "?round=1", HTTP_HOST="rik.example")
    text = PdfReader(io.BytesIO(b"".join(response.streaming_content))).pages[0]
    assert "http://rik.example/t/small/round/1/table/1/" in text.extract_text()


def test_it_redirects_with_a_message_for_a_bad_round(td_client):
    url = reverse("documents:pdf", args=["small", "sheets"]) + "?round=7"
    assert td_client.get(url).status_code == 302


def test_it_keeps_others_out(client, make_user, small_event):
    client.force_login(make_user("other"))
    assert client.get(reverse("documents:index", args=["small"])).status_code == 403
    assert client.get(reverse("documents:json", args=["small"])).status_code == 403


def test_it_imports_an_event_and_reports_the_place_of_a_problem(td_client):
    data = export_event(Tournament.objects.get(slug="small"))
    url = reverse("documents:import-event")
    good = SimpleUploadedFile("e.json", json.dumps(data).encode())
    response = td_client.post(url, {"file": good, "slug": "small-copy"})
    assert response.status_code == 302
    assert Tournament.objects.filter(slug="small-copy").exists()
    data["rounds"][0]["tables"][1]["deals"][0]["record"]["plays"] = "x"
    bad = SimpleUploadedFile("e.json", json.dumps(data).encode())
    response = td_client.post(url, {"file": bad, "slug": "small-bad"})
    assert response.status_code == 200
    assert "rounds[0].tables[1].deals[0].record.plays" in response.content.decode()
    assert not Tournament.objects.filter(slug="small-bad").exists()
