"""A deleted account's name is erased wherever the deletion page says so: its chat lines in the
table's history, the seats and the players of a match it left while it was live, the reports it
made or received, its chat ban, the audit trail. The rows stay, under "Deleted player"."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.actions.presence import do_connect
from games.actions.tables import do_create_private_table, do_join, do_start
from games.models import Match, Seat, Silence, Table
from games.reading import table_state, visible_chat
from games.views.match import seat_names
from moderation.actions import do_report, do_silence
from moderation.models import Event, Report
from ranked.models import MatchPlayer
from tests.support.match import viewer_of
from tests.support.moderation import guest, make_moderator, say

PASSWORD = "un-mot-de-passe-solide-42"


def _live_match_with_a_chat(client, django_user_model):
    """Léa (an account) hosts a private table that Hugo (a guest) joined; the match is under
    way; Léa said something, Hugo reported it, Léa reported Hugo, a moderator banned Léa."""
    user = django_user_model.objects.create_user("LeaPique", "lea@example.org", PASSWORD)
    client.force_login(user)
    lea, hugo = viewer_of(client), guest("Hugo")
    table = do_create_private_table(lea, {"target": 500}, "easy", None)
    do_join(table.pk, hugo, invite_token=table.invite_token)
    do_connect(table.pk, lea, f"test.channel!{table.pk}.lea")
    do_start(table.pk, lea)
    message = say(table, lea, "bonjour à tous")
    do_report(table.pk, hugo, message_id=message.pk, reason="insult")
    do_report(table.pk, lea, seat="E", reason="spam")
    do_silence(lea.key, "1h", "", make_moderator(), name=lea.name)
    return user, Table.objects.get(pk=table.pk)


def test_a_deleted_account_leaves_no_name_in_the_chat_the_match_or_the_reports(
    client, django_user_model
):
    _user, table = _live_match_with_a_chat(client, django_user_model)
    match = Match.objects.get(pk=table.match_id)
    assert match.players["N"] == "LeaPique"

    assert client.post("/fr/accounts/delete/", {"password": PASSWORD}).status_code == 302

    match.refresh_from_db()
    with translation.override("fr"):
        assert [m["name"] for m in visible_chat(table.pk, None)] == ["Joueur supprimé"]
        assert seat_names(match)["N"] == "Joueur supprimé"
        hugo_sees = table_state(table.pk, None)
    stored = [
        *match.players.values(),
        *MatchPlayer.objects.filter(match=match).values_list("name", flat=True),
        *Seat.objects.filter(table=table).values_list("nickname", flat=True),
        *Report.objects.values_list("reporter_name", "reported_name").iterator(),
        *Silence.objects.values_list("viewer_name", flat=True),
        *Event.objects.values_list("viewer_name", flat=True),
    ]
    assert "LeaPique" not in str(stored) and "LeaPique" not in str(hugo_sees)
    assert Report.objects.count() == 2 and Silence.objects.count() == 1  # the rows stay


def test_a_guest_may_not_take_the_name_that_stands_for_a_deleted_account(db):
    from django.core.exceptions import ValidationError

    from accounts.name_rule import check_name

    with pytest.raises(ValidationError):
        check_name("~deleted-12")
