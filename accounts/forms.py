"""The form that confirms deleting one's account with one's password, and the sign-up form."""

from __future__ import annotations

from allauth.account.adapter import get_adapter
from allauth.account.forms import SignupForm as AllauthSignupForm
from allauth.account.utils import filter_users_by_email
from django import forms
from django.contrib.auth.base_user import AbstractBaseUser
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _


class DeleteAccountForm(forms.Form):
    password = forms.CharField(
        label=_("Your password"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )

    def __init__(self, user, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_password(self) -> str:
        password = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise forms.ValidationError(_("This is not your password."), code="wrong_password")
        return password


class SignupForm(AllauthSignupForm):
    """allauth's sign-up, which says nothing of which addresses have an account, as the reset
    page does (allauth's ACCOUNT_PREVENT_ENUMERATION cannot, without mandatory verification:
    it refuses the address). An address another account has is not attached to the new one;
    its owner gets allauth's "an account already exists" mail (with the reset link) instead,
    and the sign-up goes on as any other."""

    taken_email = ""

    def validate_unique_email(self, value: str) -> str:
        if filter_users_by_email(value):
            self.taken_email = value
            return value
        return super().validate_unique_email(value)

    def save(self, request: HttpRequest) -> AbstractBaseUser:
        if self.taken_email:
            self.cleaned_data["email"] = ""
        user = super().save(request)
        if self.taken_email:
            get_adapter(request).send_account_already_exists_mail(self.taken_email)
        return user
