"""URLs of the deal of the day (inside the language prefix, translated paths):
/fr/donne-du-jour/, /en/daily-deal/, and an earlier day at /fr/donne-du-jour/2026-12-02/."""

from django.urls import path
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from . import views

app_name = "daily"
urlpatterns = [
    path(_("daily-deal/"), views.today_page, name="today"),
    path(format_lazy("{}{}", _("daily-deal/"), _("play/")), views.play, name="play"),
    path(format_lazy("{}{}", _("daily-deal/"), _("stop/")), views.stop, name="stop"),
    path(format_lazy("{}<str:day>/", _("daily-deal/")), views.day_page, name="day"),
]
