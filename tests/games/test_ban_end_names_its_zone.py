"""The end of a chat ban (or of a ranked suspension) names its time zone: the server's refusal
says the site's zone by its offset ("UTC+1"), and the table page's banner formats the same moment
in the browser's zone with its name, so two readings of one moment never look like two moments."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from django.utils import timezone, translation

from games.actions.chat import When, utc_offset

ROOT = Path(__file__).resolve().parents[2]


def test_the_refusal_names_the_sites_time_zone(settings):
    settings.TIME_ZONE = "Europe/Paris"
    winter, summer = datetime(2026, 12, 3, 9, 0, tzinfo=UTC), datetime(2026, 7, 1, 9, 0, tzinfo=UTC)
    with translation.override("fr"), timezone.override("Europe/Paris"):
        assert str(When(winter)).endswith("10:00 (UTC+1)")
        assert str(When(summer)).endswith("11:00 (UTC+2)")


def test_an_offset_is_named_as_browsers_name_it():
    assert utc_offset(datetime(2026, 1, 1, tzinfo=UTC)) == "UTC"
    with timezone.override("Asia/Kolkata"):
        assert utc_offset(timezone.localtime(datetime(2026, 1, 1, tzinfo=UTC))) == "UTC+5:30"
    with timezone.override("America/St_Johns"):
        assert utc_offset(timezone.localtime(datetime(2026, 1, 1, tzinfo=UTC))) == "UTC-3:30"


def test_the_table_pages_banner_names_the_browsers_time_zone():
    chat = (ROOT / "static/js/table/chat.js").read_text()
    banner = chat[chat.index("function silenceText") :]
    banner = banner[: banner.index("\n}\n")]
    assert 'timeZoneName: "short"' in banner and "dateStyle" not in banner
