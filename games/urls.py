"""URLs of the games app (inside the language prefix).

The last part of each path is translated (gettext_lazy, composed lazily with format_lazy so Django
compiles each pattern once per language): /fr/tables/1/commencer/ is /en/tables/1/start/.
"""

from django.urls import path
from django.utils.functional import Promise
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from . import invitations, views, views_match


def _table_path(action: Promise, rest: str = "") -> Promise:
    """A route under tables/<pk>/ whose ``action`` part is translated."""
    return format_lazy("tables/<int:pk>/{}{}", action, rest)


app_name = "games"
urlpatterns = [
    path("tables/<int:pk>/", views.table, name="table"),
    path(_table_path(_("invitation/"), "<str:token>/"), invitations.invite, name="invite"),
    path(_table_path(_("start/")), views.start, name="start"),
    path(_table_path(_("remove/")), views.kick, name="kick"),
    path(_table_path(_("seat/")), invitations.seat, name="seat"),
    path(_table_path(_("leave/")), views.leave, name="leave"),
    path(_table_path(_("play-again/")), views.rematch, name="rematch"),
    path(_table_path(_("estimate/")), views.hint, name="hint"),
    path(format_lazy("{}<int:pk>/", _("matches/")), views_match.match_page, name="match"),
    path(
        format_lazy("{}<int:pk>/{}", _("matches/"), _("export.jsonl")),
        views_match.export,
        name="match_export",
    ),
]
