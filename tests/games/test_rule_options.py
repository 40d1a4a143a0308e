"""The rule options described once in the engine: the private-table form and the summaries follow."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse
from django.utils import translation

from games.models import Table
from games.texts import rules_summary
from lobby.forms import PrivateTableForm
from spades.engine import Rules
from spades.engine.rules import OPTIONS, Option, table_rules
from tests.support.rules_pages import fetch, normalize

pytestmark = pytest.mark.django_db


def other_value(option: Option) -> Any:
    """A valid value of ``option`` that is not its standard one."""
    if option.kind is bool:
        return not option.default
    if option.choices:
        return next(c.value for c in option.choices if c.value != option.default)
    return next(v for v in (option.high, option.low) if v != option.default)


def form_value(value: Any) -> str:
    if value is True:
        return "on"
    if value is False or value is None:
        return ""
    return str(value)


@pytest.mark.parametrize("name", list(OPTIONS))
def test_every_option_is_a_field_of_the_private_table_form(client, name):
    client.post(reverse("lobby:nickname"), {"nickname": "Léa"})
    html = client.get(reverse("lobby:create_private")).content.decode()
    assert f'name="{name}"' in html
    field = PrivateTableForm().fields[name]
    assert field.initial == OPTIONS[name].table_default
    assert str(field.label)


@pytest.mark.parametrize("name", list(OPTIONS))
def test_every_option_shows_in_the_summary_when_it_differs_from_the_standard(name):
    standard = rules_summary({})
    assert rules_summary({name: other_value(OPTIONS[name])}) != standard


def test_the_summary_of_the_standard_rules_in_french_and_english():
    with translation.override("fr"):
        assert rules_summary({}) == "500 points · nul · nul à l'aveugle · sacs 10/−100"
        assert rules_summary(table_rules()) == (
            "500 points · nul · nul à l'aveugle · nul à l'aveugle à 100 points de retard"
            " · sacs 10/−100"
        )
        assert rules_summary({"variant": "suicide", "loss_floor": -200}).startswith("Suicide ·")
    with translation.override("en"):
        assert rules_summary({"nil": False, "bag_limit": 0}) == (
            "500 points · no nil · no bag penalty"
        )


def test_an_option_that_does_not_matter_is_left_out_of_the_summary():
    summary = rules_summary({"blind_nil": False, "blind_nil_min_deficit": 300})
    assert "300" not in summary


def test_the_form_defaults_are_the_table_rules_of_the_engine():
    data = {name: form_value(OPTIONS[name].table_default) for name in OPTIONS}
    form = PrivateTableForm({**data, "bot_level": "normal", "turn_seconds": "30"})
    assert form.is_valid(), form.errors
    assert form.rules() == table_rules()
    assert Rules.from_dict(form.rules()).blind_nil_min_deficit == 100


def test_the_form_offers_each_variant_with_a_line_that_explains_it():
    with translation.override("fr"):
        choices = dict(PrivateTableForm().fields["variant"].choices)
        assert set(choices) == {"none", "mirror", "whiz", "suicide", "joker"}
        assert str(choices["mirror"]).startswith("Miroir — ")
        assert all(" — " in str(line) for line in choices.values())


def test_a_private_table_is_opened_with_a_variant(client):
    client.post(reverse("lobby:nickname"), {"nickname": "Léa"})
    form = {name: form_value(OPTIONS[name].table_default) for name in OPTIONS}
    form.update({"variant": "joker", "bot_level": "easy", "turn_seconds": "0"})
    response = client.post(reverse("lobby:create_private"), form)
    assert response.status_code == 302
    assert Table.objects.get().rules["variant"] == "joker"


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("variant", "chaos"),
        ("variant", ""),
        ("blind_nil_min_deficit", "-10"),
        ("blind_nil_min_deficit", "5000"),
        ("blind_nil_min_deficit", "15"),
    ],
)
def test_a_forged_variant_or_deficit_creates_nothing(client, field, value):
    client.post(reverse("lobby:nickname"), {"nickname": "Léa"})
    form = {name: form_value(OPTIONS[name].table_default) for name in OPTIONS}
    form.update({"bot_level": "easy", "turn_seconds": "0", field: value})
    response = client.post(reverse("lobby:create_private"), form)
    assert response.status_code == 200
    assert response.context["form"].errors.get(field)
    assert not Table.objects.exists()


def test_the_variants_rules_page_lists_every_option_and_every_variant(client):
    with translation.override("fr"):
        labels = [translation.gettext(option.label) for option in OPTIONS.values()]
        variants = [translation.gettext(c.help) for c in OPTIONS["variant"].choices[1:]]
    text = normalize(fetch(client, "variants", "fr").main_text)
    for label in labels:
        assert normalize(label) + " (" in text
    assert "Retard minimum pour le nul à l'aveugle (100)" in text
    for line in variants:
        assert normalize(line) in text


def test_the_summary_leaves_out_what_the_variant_decides():
    with translation.override("en"):
        assert rules_summary({"variant": "mirror"}) == "Mirror · 500 points · bags 10/−100"
        assert rules_summary({"variant": "suicide", "nil": False}) == (
            "Suicide · 500 points · blind nil · bags 10/−100"
        )
        assert "no nil" in rules_summary({"nil": False, "variant": "joker"})
