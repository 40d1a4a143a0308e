from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ModerationConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "moderation"
    verbose_name = _("Moderation")

    def ready(self) -> None:
        """The admin carries the site's name (settings.SITE_NAME), in the page's language; the
        word filter screens the chat and the names, and reports what it must; an account
        closing is erased from the reports and the audit trail (``moderation.closing``), and a
        "Download my data" gets its reports and the actions about it
        (``moderation.personal_data``)."""
        from accounts.name_rule import screen_name
        from accounts.signals import account_closing, personal_data
        from games import signals
        from games.actions.chat import screen_message
        from moderation import actions, closing, wordfilter
        from moderation import personal_data as my_data
        from moderation.branding import brand_admin_site

        brand_admin_site()
        screen_message.provide(wordfilter.screen)
        screen_name.provide(wordfilter.name_is_offensive)
        signals.message_filtered.connect(
            actions.do_report_filtered, dispatch_uid="moderation.filtered"
        )
        account_closing.connect(
            closing.on_account_closing, dispatch_uid="moderation.account_closing"
        )
        personal_data.connect(my_data.sections, dispatch_uid="moderation.personal_data")
