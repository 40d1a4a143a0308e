from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    """Scheduled tournaments of partnerships: Swiss or knock-out, over ranked tables."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        """Hear of every match that ends: a tournament game's result is recorded with it."""
        from games import signals
        from tournaments.actions import rounds

        signals.match_ended.connect(rounds.on_match_ended, dispatch_uid="tournaments.ended")
