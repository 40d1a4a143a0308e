from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DailyConfig(AppConfig):
    """The deal of the day: one set of deals a day, played by everyone alone with Hard bots and
    compared by matchpoints (docs/daily.md)."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "daily"
    verbose_name = _("Deal of the day")

    def ready(self) -> None:
        """Hear of a daily match's end (its try is settled), say who may see a daily match's
        replay, add the player's daily results to their profile, and hear of an account
        closing (its name erased: ``daily.closing``) and give its part of a "Download my data"."""
        from accounts.signals import account_closing, personal_data
        from daily import actions, closing, replays
        from daily import personal_data as my_data
        from games import signals
        from games.views.match import daily_match_visible
        from games.views.table import way_back
        from ranked.views import profile_sections

        signals.match_ended.connect(actions.on_match_ended, dispatch_uid="daily.ended")
        account_closing.connect(closing.on_account_closing, dispatch_uid="daily.account_closing")
        personal_data.connect(my_data.sections, dispatch_uid="daily.personal_data")
        daily_match_visible.provide(replays.may_see_daily_match)
        way_back.provide(replays.way_back)
        profile_sections.provide(replays.profile_section)
