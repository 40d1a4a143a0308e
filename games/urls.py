"""URLs of the games app (inside the language prefix).

The last part of each path is translated (gettext_lazy, composed lazily with format_lazy so Django
compiles each pattern once per language): /fr/tables/1/commencer/ is /en/tables/1/start/.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.urls import path
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from .views import invitation, match, table

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise, StrPromise


def _table_path(action: StrOrPromise, rest: str = "") -> StrPromise:
    """A route under tables/<pk>/ whose ``action`` part is translated."""
    return format_lazy("tables/<int:pk>/{}{}", action, rest)


app_name = "games"
urlpatterns = [
    path("tables/<int:pk>/", table.table, name="table"),
    path(_table_path(_("invitation/"), "<str:token>/"), invitation.invite, name="invite"),
    path(_table_path(_("start/")), table.start, name="start"),
    path(_table_path(_("remove/")), table.kick, name="kick"),
    path(_table_path(_("seat/")), invitation.seat, name="seat"),
    path(_table_path(_("leave/")), table.leave, name="leave"),
    path(_table_path(_("play-again/")), table.rematch, name="rematch"),
    path(_table_path(_("estimate/")), table.hint, name="hint"),
    path(format_lazy("{}<int:pk>/", _("matches/")), match.match_page, name="match"),
    path(
        format_lazy("{}<int:pk>/{}", _("matches/"), _("export.jsonl")),
        match.export,
        name="match_export",
    ),
]
