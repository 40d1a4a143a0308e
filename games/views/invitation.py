"""The invitation link of a private table, and choosing seats before the start.

A private table's invitation shows the two partnerships and lets each guest choose a free seat;
before the start a person moves to a free seat and the host moves or swaps people. Opening a valid
invitation also lets the visitor follow the table (games.access).
"""

from __future__ import annotations

import secrets

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from games.access import remember_invitation
from games.actions.tables import do_choose_seat, do_join
from games.errors import ServiceError
from games.models import POSITION_CHOICES, Table
from games.reading import table_state
from games.viewers import viewer_from_request
from games.views.table import _call, _nickname_first


@require_http_methods(["GET", "POST"])
def invite(request: HttpRequest, pk: int, token: str) -> HttpResponse:
    """The invitation link of a private table: shows the table, and a POST takes a seat."""
    table_obj = get_object_or_404(Table, pk=pk)
    if not table_obj.invite_token or not secrets.compare_digest(token, table_obj.invite_token):
        raise Http404(_("This invitation link is not valid."))
    remember_invitation(request.session, pk)
    viewer = viewer_from_request(request)
    if viewer is None:
        return _nickname_first(request)
    state = table_state(pk, viewer)
    facts = state.get("table") or {}
    if (facts.get("me") or {}).get("seat"):
        return redirect("games:table", pk=pk)
    error = None
    if request.method == "POST":
        position = request.POST.get("position") or None
        try:
            do_join(pk, viewer, invite_token=token, position=position)
        except ServiceError as exc:
            error = str(exc.message)
        else:
            return redirect("games:table", pk=pk)
    host = next((s["name"] for s in facts.get("seats", []) if s.get("host")), "")
    context = {
        "facts": facts,
        "teams": partnerships(facts.get("seats", [])),
        "viewer": viewer,
        "host_name": host,
        "error": error,
        "token": token,
    }
    return render(request, "games/invite.html", context, status=400 if error else 200)


def partnerships(seats: list[dict]) -> list[dict]:
    """The seats as the two partnerships that play together: North–South, East–West."""
    labels = dict(POSITION_CHOICES)
    by_position = {seat["position"]: {**seat, "label": labels[seat["position"]]} for seat in seats}
    return [
        {"id": "ns", "label": _("North – South"), "seats": [by_position["N"], by_position["S"]]},
        {"id": "ew", "label": _("East – West"), "seats": [by_position["E"], by_position["W"]]},
    ]


@require_POST
def seat(request: HttpRequest, pk: int) -> HttpResponse:
    """Before the start: move to a free seat, or (the host) move someone else or swap two."""
    viewer = viewer_from_request(request)
    if viewer is None:
        return _nickname_first(request)
    position = request.POST.get("position", "")
    who = request.POST.get("who") or None
    return _call(request, pk, do_choose_seat, viewer, position, who)
