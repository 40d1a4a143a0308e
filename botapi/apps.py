from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class BotApiConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "botapi"
    verbose_name = _("Bot API")

    def ready(self) -> None:
        """Give the account's part of a "Download my data", and revoke its tokens when it is
        closed."""
        from accounts.signals import account_closing, personal_data
        from botapi import personal_data as my_data

        personal_data.connect(my_data.sections, dispatch_uid="botapi.personal_data")
        account_closing.connect(my_data.on_account_closing, dispatch_uid="botapi.account_closing")
