"""A match played to its end through the use cases, for the tests of the match page: a guest
opens a private table with a low target, bots take the other seats, and the guest plays the
guest's turns are played as a Normal bot would."""

from __future__ import annotations

import random

from django.test import Client
from django.utils import timezone

from accounts.models import User
from games.actions.play import do_act, do_bot_move
from games.actions.presence import do_connect
from games.actions.tables import do_create_private_table, do_start
from games.models import Action, Match, Table
from games.reading import table_state
from games.viewers import Viewer
from spades.bots import choose_action
from spades.engine import Match as EngineMatch
from spades.engine import Rules
from tests.support.pages import guest
from tests.support.pages import viewer_of as guest_viewer_of


def viewer_of(client: Client) -> Viewer:
    """The person behind a test client: its logged-in user, or its guest."""
    user_id = client.session.get("_auth_user_id")
    if user_id is None:
        return guest_viewer_of(client)
    user = User.objects.get(pk=user_id)
    return Viewer(user_id=user.pk, guest_id=None, name=user.public_name())


def play_to_the_end(table: Table, client: Client, limit: int = 5000) -> Match:
    """Move until the table's match is over; the client's guest plays their own turns."""
    viewer = viewer_of(client)
    rng = random.Random(table.pk)
    for _ in range(limit):
        table.refresh_from_db()
        if table.status == Table.Status.FINISHED:
            return Match.objects.get(pk=table.match_id)
        view = table_state(table.pk, viewer)["view"]
        if view["to_move"] == view["seat"]:
            do_act(table.pk, viewer, choose_action("normal", view, rng=rng) or view["legal"][0])
        else:
            assert do_bot_move(table.pk, table.version)
    raise AssertionError("the match never ended")


def private_match(client: Client, target: int = 50) -> tuple[Table, Match]:
    """A private table opened by ``client`` (a guest seated at North), started, not played."""
    viewer = viewer_of(client)
    table = do_create_private_table(viewer, {"target": target}, "easy", None)
    do_connect(table.pk, viewer, f"test.channel!{table.pk}.host")  # their page is open
    do_start(table.pk, viewer)
    table.refresh_from_db()
    return table, Match.objects.get(pk=table.match_id)


def finished_private_match(name: str = "Léa", target: int = 50) -> tuple[Client, Table, Match]:
    """A guest's private match played to its end: (the guest's client, the table, the match)."""
    client = guest(name)
    table, _ = private_match(client, target)
    return client, table, play_to_the_end(table, client)


def legacy_match(table: Table) -> Match:
    """A finished match as the site stored them before fair deals: seed only, log, result."""
    rules = Rules(target=50, loss_floor=-50)  # random play ends either way
    engine = EngineMatch(rules, "20261130")
    rng = random.Random(1)
    moves = []
    while not engine.is_over:
        seat = engine.to_move
        action = rng.choice(engine.legal_actions())
        engine.apply(seat, action)
        moves.append((seat, action))
    match = Match.objects.create(
        table=table, number=2, rules=rules.to_dict(), seed="20261130",
        deal_scheme=Match.DealScheme.LEGACY, action_count=len(moves), result=engine.result,
        finished_at=timezone.now(),
    )  # fmt: skip
    Action.objects.bulk_create(
        Action(match=match, seq=i, seat=seat, payload=action, actor="bot")
        for i, (seat, action) in enumerate(moves, 1)
    )
    return match
