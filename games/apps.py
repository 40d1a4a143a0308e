from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    """Tables, matches, the unit of work, play and chat (with its bans)."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "games"
    verbose_name = _("Games")

    def ready(self) -> None:
        """An account being closed gives up its seats and its name (``games.actions.closing``);
        a "Download my data" gets its chat lines and bans (``games.personal_data``)."""
        from accounts.signals import account_closing, personal_data
        from games.actions.closing import on_account_closing
        from games.personal_data import sections as personal_data_sections

        account_closing.connect(on_account_closing, dispatch_uid="games.account_closing")
        personal_data.connect(personal_data_sections, dispatch_uid="games.personal_data")
