"""A seat that abandoned a ranked match (left, timed out, or gone past its grace) never gains
rating: it takes the loss's change whatever its team's result, while the partner who stayed is
rated from the result; its statistics count the match as abandoned, not won, and the leaderboard's
win rate counts only the matches the player finished."""

from __future__ import annotations

import pytest
from django.test import Client
from openskill.models import PlackettLuce

from games.actions import presence
from games.models import Seat, Table
from ranked import ratings, stats
from ranked.models import MatchPlayer, PlayerRating, RatingChange
from tests.support.ranked import play_out, seat_four

pytestmark = pytest.mark.django_db


def _afk_on_each_team(settings):
    """Four newcomers; North and East never act (a stand-in plays every move of theirs)."""
    table_id, _viewers = seat_four(settings)
    keys = dict(Seat.objects.filter(table_id=table_id).values_list("position", "viewer_key"))
    play_out(table_id, standin={keys["N"], keys["E"]})
    match = Table.objects.get(pk=table_id).match
    players = {p.position: p for p in MatchPlayer.objects.filter(match=match)}
    winner = match.result["winner"]
    afk_winner = players["N"] if winner == "NS" else players["E"]
    partner = players["S"] if winner == "NS" else players["W"]
    losers = [p for p in players.values() if p.team != winner]
    return match, afk_winner, partner, losers


def test_a_seat_its_stand_in_played_whole_takes_the_loss_even_when_its_team_won(settings):
    match, afk, partner, losers = _afk_on_each_team(settings)
    assert afk.abandoned and afk.standin_share == 1.0 and afk.result == "win"
    assert ratings.rate_match(match.pk) == 4
    change = RatingChange.objects.get(match=match, user_id=afk.user_id)
    assert change.after < change.before == 1000
    # Four newcomers: the loss's change is exactly what the losing seats got.
    loser_change = RatingChange.objects.get(match=match, user_id=losers[0].user_id)
    assert change.mu_after == pytest.approx(loser_change.mu_after)
    assert change.sigma_after == pytest.approx(loser_change.sigma_after)
    # The partner who stayed is rated from the team's win, as openskill rates it.
    model = PlackettLuce()
    won, _lost = model.rate([[model.rating(), model.rating()] for _ in range(2)], ranks=[0, 1])
    stayed = PlayerRating.objects.get(user_id=partner.user_id)
    assert stayed.mu == pytest.approx(won[0].mu) and stayed.rating > 1000


def test_an_abandoned_win_is_counted_as_abandoned_not_won(settings):
    match, afk, partner, _losers = _afk_on_each_team(settings)
    ratings.rate_match(match.pk)
    rating = PlayerRating.objects.get(user_id=afk.user_id)
    assert (rating.matches, rating.wins, rating.abandons) == (1, 0, 1)
    figures = stats.figures(afk.user_id)
    assert (figures["matches"], figures["wins"], figures["abandons"]) == (1, 0, 1)
    assert figures["win_rate"] is None  # no match finished
    assert stats.figures(partner.user_id)["win_rate"] == 1.0
    (recent,) = stats.recent(afk.user_id)
    assert recent["abandoned"] and recent["delta"] < 0


def test_recomputing_the_ratings_keeps_the_abandoners_loss(settings):
    match, afk, _partner, _losers = _afk_on_each_team(settings)
    ratings.rate_match(match.pk)
    before = sorted(PlayerRating.objects.values_list("user_id", "rating", "wins", "abandons"))
    ratings.recompute()
    assert sorted(PlayerRating.objects.values_list("user_id", "rating", "wins", "abandons")) == (
        before
    )
    assert PlayerRating.objects.get(user_id=afk.user_id).rating < 1000


def test_the_leaderboards_win_rate_counts_only_finished_matches(settings):
    from tests.support.ranked import make_player

    user, _viewer = make_player("absent")
    PlayerRating.objects.create(
        user=user, mu=25, sigma=2, rating=1600, matches=12, wins=3, abandons=8
    )
    page = Client().get("/fr/classement/").content.decode()
    row = page[page.index(">absent<") :].split("</tr>")[0]
    assert "75&nbsp;%" in row  # 3 won of the 4 finished, not 3 of 12 nor 100 %
    assert ">8<" in row  # the abandonments have a column of their own


def test_a_socket_closed_within_its_grace_at_the_end_is_not_an_abandonment(settings):
    settings.DISCONNECT_GRACE_SECONDS = 3600
    table_id, _viewers = seat_four(settings)
    presence.do_disconnect(table_id, f"chan-{table_id}-0")  # ana's page closes, she still plays
    play_out(table_id)
    ana = MatchPlayer.objects.get(match__table_id=table_id, name="ana")
    assert not ana.abandoned


def test_a_socket_gone_past_its_grace_at_the_end_is_an_abandonment(settings):
    settings.DISCONNECT_GRACE_SECONDS = 0
    table_id, _viewers = seat_four(settings)
    presence.do_disconnect(table_id, f"chan-{table_id}-0")
    play_out(table_id)
    ana = MatchPlayer.objects.get(match__table_id=table_id, name="ana")
    assert ana.abandoned


def test_the_ranked_card_says_an_abandonment_never_gains_rating():
    page = Client().get("/fr/jouer/").content.decode()
    assert "ne rapporte jamais de points" in page
