from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "accounts"
    verbose_name = _("Users")

    def ready(self) -> None:
        """The deploy check asks for a contact (``accounts.checks``); the admin's login counts
        wrong passwords as the site's login does."""
        from django.contrib import admin

        from accounts import checks  # noqa: F401  (registers the check)
        from accounts.admin_login import RateLimitedAdminLoginForm

        admin.site.login_form = RateLimitedAdminLoginForm
