from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LobbyConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "lobby"
    verbose_name = _("Lobby")

    def ready(self) -> None:
        """Send the lobby its list when a quick table's listing changed."""
        from games import signals
        from lobby import listing

        signals.listing_changed.connect(listing.on_listing_changed, dispatch_uid="lobby.listing")
