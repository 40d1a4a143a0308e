"""The address page offers no verification the site never asks for: no "re-send verification"
button, no address called unverified."""

from __future__ import annotations

from allauth.account.models import EmailAddress


def test_the_address_page_offers_no_verification(client, django_user_model, settings):
    assert settings.ACCOUNT_EMAIL_VERIFICATION == "none"
    user = django_user_model.objects.create_user("lea", "lea@example.org", "pw-pw-pw-123")
    EmailAddress.objects.create(user=user, email="lea@example.org", primary=True, verified=False)
    client.force_login(user)
    page = client.get("/fr/accounts/email/").content.decode()
    assert "lea@example.org" in page and 'name="action_primary"' in page
    assert 'name="action_send"' not in page
    assert "vérifi" not in page.lower()
