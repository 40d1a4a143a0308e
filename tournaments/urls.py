"""URLs of the tournaments (inside the language prefix, translated paths): /fr/tournois/ and
/fr/tournois/<id>/ (/en/tournaments/...)."""

from django.urls import path
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from . import views

app_name = "tournaments"
urlpatterns = [
    path(_("tournaments/"), views.index, name="index"),
    path(format_lazy("{}<int:pk>/", _("tournaments/")), views.detail, name="detail"),
    path(format_lazy("{}<int:pk>/{}", _("tournaments/"), _("state/")), views.state, name="state"),
    path(
        format_lazy("{}<int:pk>/{}", _("tournaments/"), _("register/")),
        views.register,
        name="register",
    ),
    path(
        format_lazy("{}<int:pk>/{}", _("tournaments/"), _("withdraw/")),
        views.withdraw,
        name="withdraw",
    ),
    path(
        format_lazy("{}<int:pk>/{}", _("tournaments/"), _("accept/")), views.accept, name="accept"
    ),
    path(
        format_lazy("{}<int:pk>/{}", _("tournaments/"), _("decline/")),
        views.decline,
        name="decline",
    ),
]
