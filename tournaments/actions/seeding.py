"""The registrations made into pairs when the first round starts, seeded by rating; a bot
beside a player left alone. Called under the tournament's lock (``rounds.do_start_round``,
``registration.do_add_bot_pair``)."""

from __future__ import annotations

from ranked.bot_ratings import BOT_RATINGS
from ranked.models import PlayerRating
from ranked.ratings import START_MU, matching_points
from tournaments.models import Pair, Registration, Tournament


def confirmed(reg: Registration, regs: dict[int, Registration]) -> bool:
    """Whether ``reg``'s partner named its player back: the two play as a pair."""
    other = regs.get(reg.partner_id) if reg.partner_id else None
    return other is not None and other.partner_id == reg.user_id


def _points_of(user_ids: list[int]) -> dict[int, float]:
    mus = dict(PlayerRating.objects.filter(user_id__in=user_ids).values_list("user_id", "mu"))
    return {u: matching_points(mus.get(u, START_MU)) for u in user_ids}


def _bot_points(level: str) -> float:
    return matching_points(BOT_RATINGS.get(level, (START_MU, 0.0))[0])


def new_pair(t: Tournament, a, b) -> Pair:
    users = [u for u in (a, b) if u is not None]
    points = _points_of([u.pk for u in users])
    values = [points[u.pk] for u in users] + [_bot_points(t.bot_level)] * (2 - len(users))
    number = (Pair.objects.filter(tournament=t).order_by("-number").values_list("number", flat=True).first() or 0) + 1  # fmt: skip
    return Pair.objects.create(
        tournament=t,
        number=number,
        name=" & ".join(u.public_name() for u in users),  # (shown by Pair.label)
        player_a=a,
        player_b=b,
        rating=sum(values) / 2,
    )


def form_pairs(t: Tournament) -> None:
    """The registrations become pairs: partners who confirmed each other, then those alone (and
    those whose invitation was not accepted) two by two in rating order, a bot beside the one
    left over. Fewer than two pairs: bots make up the second, so that the tournament runs.
    Seeds are then numbered by rating, best first."""
    regs = {r.user_id: r for r in Registration.objects.filter(tournament=t).select_related("user")}
    done: set[int] = set()
    loners = []
    for uid, reg in regs.items():
        if uid in done:
            continue
        partner_id = reg.partner_id
        if partner_id is not None and confirmed(reg, regs):
            new_pair(t, reg.user, regs[partner_id].user)
            done |= {uid, partner_id}
        else:
            loners.append(reg.user)
            done.add(uid)
    points = _points_of([u.pk for u in loners])
    loners.sort(key=lambda u: (-points[u.pk], u.pk))
    for i in range(0, len(loners), 2):
        new_pair(t, loners[i], loners[i + 1] if i + 1 < len(loners) else None)
    existing = Pair.objects.filter(tournament=t).count()
    if existing == 1:
        new_pair(t, None, None)
    pairs = list(Pair.objects.filter(tournament=t).order_by("-rating", "number"))
    for pair in pairs:  # renumbered in two passes: the numbers are unique per tournament
        pair.number += 1000
    Pair.objects.bulk_update(pairs, ["number"])
    for seed, pair in enumerate(pairs, 1):
        pair.number = seed
    Pair.objects.bulk_update(pairs, ["number"])
