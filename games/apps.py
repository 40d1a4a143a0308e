from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    """Tables, matches, the unit of work, play and chat (with its bans)."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "games"
    verbose_name = _("Games")

    def ready(self) -> None:
        """An account being closed gives up its seats and its name (``games.actions.closing``)."""
        from accounts.signals import account_closing
        from games.actions.closing import on_account_closing

        account_closing.connect(on_account_closing, dispatch_uid="games.account_closing")
