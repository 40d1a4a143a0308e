"""The audit trail's "Par modérateur" filter lists the moderators who acted, never every
account's login name (a moderator may not view accounts)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import translation

from moderation import actions as moderation
from tests.support.moderation import make_moderator, say, seated_pair

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_moderator_filter_lists_the_moderators_who_acted_only(client):
    translation.activate("fr")
    users = get_user_model().objects
    users.create_superuser("boss", "boss@example.org", "pw-123456!")
    users.create_user("joueuse_secrete", "j@example.org", "pw-123456!")
    modo, other = make_moderator("modo"), make_moderator("autre_modo")
    table, _lea, hugo = seated_pair()
    moderation.do_set_hidden([say(table, hugo, "insulte").pk], True, other)
    client.force_login(modo)
    page = client.get(reverse("admin:moderation_event_changelist"))
    assert page.status_code == 200
    html = page.content.decode()
    assert "autre_modo" in html
    assert "joueuse_secrete" not in html and "boss" not in html
    filtered = client.get(reverse("admin:moderation_event_changelist") + f"?moderator={other.pk}")
    assert filtered.context["cl"].result_count == 1
