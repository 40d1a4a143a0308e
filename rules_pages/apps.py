from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RulesPagesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "rules_pages"
    verbose_name = _("Rules pages")
