"""URLs of ranked play (inside the language prefix, translated paths): the queue from the lobby
(/fr/jouer/classee/...), the leaderboard (/fr/classement/, /en/ranking/) and the players'
profiles (/fr/joueurs/<name>/)."""

from django.urls import path
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from . import views

app_name = "ranked"
urlpatterns = [
    path(_("play/ranked/"), views.join, name="join"),
    path(_("play/ranked/cancel/"), views.cancel, name="cancel"),
    path(_("play/ranked/status/"), views.status, name="status"),
    path(
        format_lazy("{}<int:match_id>/", _("play/ranked/match/")),
        views.match_result,
        name="match_result",
    ),
    path(_("ranking/"), views.leaderboard, name="leaderboard"),
    path(_("ranking/how-it-works/"), views.ratings_help, name="help"),
    path(format_lazy("{}<str:name>/", _("players/")), views.profile, name="profile"),
]
