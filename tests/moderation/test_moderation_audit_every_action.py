"""Every moderator action is an event of the audit trail: a table's chat turned off or on (from
the table's form or the list's actions), and each word filter entry added, changed, disabled,
enabled again or deleted (from its form, the list's editable columns or the delete action)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from games.models import Table
from moderation.models import Event, WordFilter
from tests.support.moderation import make_moderator, seated_pair

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def moderator(client):
    translation.activate("fr")
    user = make_moderator()
    client.force_login(user)
    return user


def events() -> list[tuple[str, str, str]]:
    return list(Event.objects.order_by("pk").values_list("kind", "moderator_name", "detail"))


def test_turning_a_tables_chat_off_and_on_is_written_with_its_moderator(client, moderator):
    table, _lea, _hugo = seated_pair()
    changelist = reverse("admin:games_table_changelist")
    client.post(changelist, {"action": "chat_off", "_selected_action": [table.pk]})
    client.post(changelist, {"action": "chat_off", "_selected_action": [table.pk]})  # no change
    assert Table.objects.get(pk=table.pk).chat_enabled is False
    client.post(changelist, {"action": "chat_on", "_selected_action": [table.pk]})
    assert events() == [
        ("chat_off", "modo", f"table {table.pk}"),
        ("chat_on", "modo", f"table {table.pk}"),
    ]


def test_the_tables_own_form_writes_the_event_too(client, moderator):
    table, _lea, _hugo = seated_pair()
    form = {
        "chat_enabled": "",
        **{f"seats-{k}": v for k, v in (("TOTAL_FORMS", "4"), ("INITIAL_FORMS", "4"),
                                        ("MIN_NUM_FORMS", "0"), ("MAX_NUM_FORMS", "4"))},
        **{f"matches-{k}": v for k, v in (("TOTAL_FORMS", "0"), ("INITIAL_FORMS", "0"),
                                          ("MIN_NUM_FORMS", "0"), ("MAX_NUM_FORMS", "0"))},
    }  # fmt: skip
    response = client.post(reverse("admin:games_table_change", args=[table.pk]), form)
    assert response.status_code == 302, response.content.decode()[:1500]
    assert Table.objects.get(pk=table.pk).chat_enabled is False
    assert events() == [("chat_off", "modo", f"table {table.pk}")]


def test_adding_changing_disabling_and_deleting_word_entries_are_written(client, moderator):
    add = reverse("admin:moderation_wordfilter_add")
    client.post(add, {"pattern": "tricheur", "action": "mask", "enabled": "on"})
    entry = WordFilter.objects.get(pattern="tricheur")
    change = reverse("admin:moderation_wordfilter_change", args=[entry.pk])
    client.post(change, {"pattern": "tricheur", "action": "refuse", "enabled": "on", "note": ""})
    client.post(change, {"pattern": "tricheur", "action": "refuse", "note": ""})  # unticked
    client.post(change, {"pattern": "tricheur", "action": "refuse", "note": ""})  # no change

    # The list's editable columns: enabled again.
    changelist = reverse("admin:moderation_wordfilter_changelist")
    rows = list(WordFilter.objects.order_by("pattern"))
    listing = {"form-TOTAL_FORMS": str(len(rows)), "form-INITIAL_FORMS": str(len(rows)),
               "form-MIN_NUM_FORMS": "0", "form-MAX_NUM_FORMS": "1000", "_save": "Enregistrer"}  # fmt: skip
    for i, row in enumerate(rows):
        listing[f"form-{i}-id"] = str(row.pk)
        listing[f"form-{i}-action"] = row.action
        if row.enabled or row.pk == entry.pk:
            listing[f"form-{i}-enabled"] = "on"
    response = client.post(changelist, listing)
    assert response.status_code == 302, response.content.decode()[:1500]

    client.post(
        changelist, {"action": "delete_selected", "_selected_action": [entry.pk], "post": "yes"}
    )
    assert not WordFilter.objects.filter(pk=entry.pk).exists()

    assert [(kind, who) for kind, who, _detail in events()] == [
        ("word_add", "modo"),
        ("word_edit", "modo"),
        ("word_off", "modo"),
        ("word_on", "modo"),
        ("word_del", "modo"),
    ]
    details = [detail for _kind, _who, detail in events()]
    assert details[0] == "tricheur (mot, Masquer le mot)"
    assert details[1] == "tricheur: action: Masquer le mot → Refuser le message"
    assert details[2] == "tricheur: actif: oui → non"
    assert details[4] == "tricheur (mot, Refuser le message)"


def test_deleting_one_entry_from_its_page_is_written(client, moderator):
    entry = WordFilter.objects.create(pattern="vaurien", action="mask")
    client.post(reverse("admin:moderation_wordfilter_delete", args=[entry.pk]), {"post": "yes"})
    assert not WordFilter.objects.filter(pk=entry.pk).exists()
    assert events() == [("word_del", "modo", "vaurien (mot, Masquer le mot)")]
