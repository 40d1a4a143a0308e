"""URLs of the lobby app (inside the language prefix).

The paths are translated (gettext_lazy: Django compiles each pattern once per language), so the
French pages are /fr/jouer/... and the English ones /en/play/...; the URL names stay the same.
"""

from django.urls import path
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from . import views

app_name = "lobby"
urlpatterns = [
    path(_("play/"), views.index, name="index"),
    path(_("play/quick/"), views.quick_play, name="quick_play"),
    path(_("play/nickname/"), views.nickname, name="nickname"),
    path(_("play/private/"), views.create_private, name="create_private"),
    path(format_lazy("{}<int:pk>/", _("play/join/")), views.join, name="join"),
]
