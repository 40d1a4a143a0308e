"""Registration: alone or with a partner named, an invitation accepted or declined, a
withdrawal before or during the tournament, a player's presence, a pair of bots added by staff.
Each use case locks the tournament (``locking``)."""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.timesince import timeuntil

from games.errors import refusal as ranked_refusal
from ranked.actions import abandonment_wait, suspended
from tournaments.actions.locking import changed, lock
from tournaments.actions.seeding import confirmed, new_pair
from tournaments.errors import refusal
from tournaments.models import Pair, Registration, Tournament


def registration_open(t: Tournament, now: datetime | None = None) -> bool:
    now = now or timezone.now()
    return t.status == Tournament.Status.SCHEDULED and t.registration_opens_at <= now < t.starts_at


def _user_named(name: str):
    """The account a player named (their shown name, or their username when they have none)."""
    name = (name or "").strip()
    if not name or len(name) > 150:
        return None
    return (
        get_user_model()
        .objects.filter(Q(display_name__iexact=name) | Q(display_name="", username__iexact=name))
        .order_by("pk")
        .first()
    )


def _may_play(t: Tournament, user) -> None:
    """Refuse who may not play this tournament: a bot account when it takes none, and in a
    rated one whoever ranked play refuses (a suspension, an abandonment's wait)."""
    if getattr(user, "is_bot", False) and not t.allows_bot_accounts:
        raise refusal("bot_account")
    if t.rated:
        suspended(user.pk)
        wait = abandonment_wait(user.pk)
        if wait:
            raise ranked_refusal("ranked_wait", time=timeuntil(timezone.now() + wait))


def do_register(tournament_id: int, user, mode: str, partner_name: str = "") -> Registration:
    """Register ``user`` alone (``mode`` "alone") or with the player named ``partner_name``
    (``mode`` "pair"): the partner accepts by registering naming them back (``do_accept``); if
    that partner already invited ``user``, this accepts at once. Locks the tournament."""
    if user is None or not getattr(user, "is_authenticated", False):
        raise refusal("login")
    if mode not in ("alone", "pair"):
        raise refusal("bad_mode")
    with transaction.atomic():
        t = lock(tournament_id)
        _refuse_unless_open(t)
        if Registration.objects.filter(tournament=t, user=user).exists():
            raise refusal("registered")
        _may_play(t, user)
        partner = None
        if mode == "pair":
            partner = _user_named(partner_name)
            if partner is None:
                raise refusal("no_partner")
            if partner.pk == user.pk:
                raise refusal("partner_self")
            regs = {r.user_id: r for r in Registration.objects.filter(tournament=t)}
            theirs = regs.get(partner.pk)
            taken = theirs is not None and theirs.partner_id not in (None, user.pk)
            if taken and theirs is not None and confirmed(theirs, regs):
                raise refusal("partner_taken")
        reg = Registration.objects.create(
            tournament=t, user=user, partner=partner, seen_at=timezone.now()
        )
        changed(t)
        return reg


def _refuse_unless_open(t: Tournament) -> None:
    if t.status == Tournament.Status.FINISHED:
        raise refusal("finished")
    if t.status != Tournament.Status.SCHEDULED or timezone.now() >= t.starts_at:
        raise refusal("closed")
    if timezone.now() < t.registration_opens_at:
        raise refusal("not_open")


def do_accept(tournament_id: int, user, inviter_id: int) -> Registration:
    """``user`` accepts the invitation of the player ``inviter_id``: registered (or their
    registration changed) as that player's partner. Locks the tournament."""
    if user is None or not getattr(user, "is_authenticated", False):
        raise refusal("login")
    with transaction.atomic():
        t = lock(tournament_id)
        _refuse_unless_open(t)
        regs = {r.user_id: r for r in Registration.objects.filter(tournament=t)}
        inviter = regs.get(inviter_id) if isinstance(inviter_id, int) else None
        if inviter is None or inviter.partner_id != user.pk:
            raise refusal("no_invitation")
        mine = regs.get(user.pk)
        if mine is not None and confirmed(mine, regs):
            raise refusal("partner_taken")
        if mine is None:
            _may_play(t, user)
            mine = Registration.objects.create(
                tournament=t, user=user, partner_id=inviter_id, seen_at=timezone.now()
            )
        else:
            mine.partner_id = inviter_id
            mine.save(update_fields=["partner"])
        changed(t)
        return mine


def do_decline(tournament_id: int, user, inviter_id: int) -> None:
    """``user`` declines the invitation of ``inviter_id``, who stays registered alone. Locks
    the tournament."""
    if user is None or not getattr(user, "is_authenticated", False):
        raise refusal("login")
    with transaction.atomic():
        t = lock(tournament_id)
        _refuse_unless_open(t)
        updated = Registration.objects.filter(
            tournament=t, user_id=inviter_id, partner_id=user.pk
        ).update(partner=None)
        if not updated:
            raise refusal("no_invitation")
        changed(t)


def do_withdraw(tournament_id: int, user) -> None:
    """``user`` leaves the tournament. Before the start their registration goes (a partner who
    named them counts as alone). Once it runs their pair withdraws: it is not paired again
    (in a knock-out it forfeits its next game), its results so far stay in the standing, and a
    match in play goes on (leaving that table is ranked play's abandonment). Locks the
    tournament."""
    if user is None or not getattr(user, "is_authenticated", False):
        raise refusal("login")
    with transaction.atomic():
        t = lock(tournament_id)
        if t.status == Tournament.Status.FINISHED:
            raise refusal("finished")
        if t.status == Tournament.Status.SCHEDULED:
            deleted, _detail = Registration.objects.filter(tournament=t, user=user).delete()
            if not deleted:
                raise refusal("not_registered")
            changed(t)
            return
        pair = pair_of(t, user.pk)
        if pair is None:
            raise refusal("not_registered")
        if pair.withdrawn_at is not None:
            raise refusal("withdrawn")
        pair.withdrawn_at = timezone.now()
        pair.save(update_fields=["withdrawn_at"])
        changed(t)


def pair_of(t: Tournament, user_id: int) -> Pair | None:
    return (
        Pair.objects.filter(tournament=t)
        .filter(Q(player_a_id=user_id) | Q(player_b_id=user_id))
        .first()
    )


def do_seen(tournament_id: int, user_id: int) -> None:
    """The player's tournament page is open (its script asks every few seconds): they are
    present for the next round. One row of their own, no lock needed."""
    Registration.objects.filter(tournament_id=tournament_id, user_id=user_id).update(
        seen_at=timezone.now()
    )


def do_add_bot_pair(tournament_id: int) -> Pair:
    """A pair of two bots joins a tournament (staff, the simulation); before its start only.
    Locks the tournament."""
    with transaction.atomic():
        t = lock(tournament_id)
        if t.status != Tournament.Status.SCHEDULED:
            raise refusal("closed")
        pair = new_pair(t, None, None)
        changed(t)
        return pair
