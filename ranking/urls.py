"""URLs of the ranking pages (inside the language prefix, translated paths): the leaderboard
(/fr/classement/, /en/ranking/) and the players' profiles (/fr/joueurs/<name>/)."""

from django.urls import path
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from . import views

app_name = "ranking"
urlpatterns = [
    path(_("ranking/"), views.leaderboard, name="leaderboard"),
    path(format_lazy("{}<str:name>/", _("players/")), views.profile, name="profile"),
]
