from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RankedConfig(AppConfig):
    """Ranked play: the queue, ratings, abandonment, suspensions, leaderboard and profiles."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "ranked"
    verbose_name = _("Ranked play")

    def ready(self) -> None:
        """Hear of every match dealt and ended (who played it; a ranked one is then rated),
        tell a ranked table's page its stakes, and hear of an account closing (its name
        erased: ``ranked.closing``) and give its part of a "Download my data"."""
        from accounts.signals import account_closing, personal_data
        from games import signals
        from games.views.table import ranked_page
        from ranked import closing, participation, table_page
        from ranked import personal_data as my_data

        account_closing.connect(closing.on_account_closing, dispatch_uid="ranked.account_closing")
        personal_data.connect(my_data.sections, dispatch_uid="ranked.personal_data")

        ranked_page.provide(table_page.page_extras)
        signals.match_dealt.connect(participation.on_match_dealt, dispatch_uid="ranked.dealt")
        signals.match_ended.connect(participation.on_match_ended, dispatch_uid="ranked.ended")
