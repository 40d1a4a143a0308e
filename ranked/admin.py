"""Ranked play in the admin: ratings, their changes, who played each match, the queue (read to
understand a rating; the rating task and recompute_ratings are what write them), and the
queue's hashed origins with the pairs of accounts that share one or often share tables."""

from django.conf import settings
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ranked import origins
from ranked.models import MatchPlayer, PlayerRating, QueueEntry, RankedOrigin, RatingChange


@admin.register(PlayerRating)
class PlayerRatingAdmin(admin.ModelAdmin):
    list_display = ("user", "rating", "matches", "wins", "abandons", "mu", "sigma", "updated_at")
    search_fields = ("user__username", "user__display_name")
    raw_id_fields = ("user",)


@admin.register(RatingChange)
class RatingChangeAdmin(admin.ModelAdmin):
    list_display = ("user", "match", "before", "after", "created_at")
    search_fields = ("user__username", "user__display_name")
    raw_id_fields = ("user", "match")


@admin.register(MatchPlayer)
class MatchPlayerAdmin(admin.ModelAdmin):
    list_display = ("match", "position", "name", "team", "result", "abandoned", "standin_share")
    list_filter = ("ranked", "abandoned", "result")
    search_fields = ("name",)
    raw_id_fields = ("user", "match")


@admin.register(QueueEntry)
class QueueEntryAdmin(admin.ModelAdmin):
    list_display = ("user", "points", "joined_at")
    raw_id_fields = ("user",)


@admin.register(RankedOrigin)
class RankedOriginAdmin(admin.ModelAdmin):
    """Read only: the hashes come from the queue and go after RANKED_ORIGIN_DAYS."""

    list_display = ("user", "kind", "short_digest", "shared_with", "first_seen", "last_seen")
    list_filter = ("kind",)
    search_fields = ("user__username", "user__display_name", "digest")
    raw_id_fields = ("user",)

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    @admin.display(description=gettext_lazy("keyed hash"))
    def short_digest(self, obj: RankedOrigin) -> str:
        return obj.digest[:12] + "…"

    @admin.display(description=gettext_lazy("shared with"))
    def shared_with(self, obj: RankedOrigin) -> str:
        others = (
            RankedOrigin.objects.filter(kind=obj.kind, digest=obj.digest)
            .exclude(user_id=obj.user_id)
            .select_related("user")
        )
        return ", ".join(o.user.public_name() for o in others) or "—"

    def get_urls(self):
        view = self.admin_site.admin_view(self.pairs_view)
        return [path("pairs/", view, name="ranked_rankedorigin_pairs"), *super().get_urls()]

    def pairs_view(self, request):
        """Pairs of accounts that share an address or a browser, or often share ranked tables."""
        if not self.has_view_permission(request):
            raise PermissionDenied
        found = origins.pairs()
        ids = {uid for p in found for uid in p.users}
        users = get_user_model().objects.in_bulk(ids)
        kinds = dict(RankedOrigin.Kind.choices)

        def url(uid: int) -> str:
            return reverse("ranked:profile", args=[users[uid].public_name()])

        rows = [
            {
                "a": users[p.users[0]].public_name(),
                "b": users[p.users[1]].public_name(),
                "a_url": url(p.users[0]),
                "b_url": url(p.users[1]),
                "shared": [str(kinds[k]) for k in sorted(p.shared)],
                "tables": p.tables,
            }
            for p in found
            if p.users[0] in users and p.users[1] in users
        ]
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "title": _("Accounts that may be one person"),
            "intro": _(
                "Pairs of accounts that joined the ranked queue from one address or one browser, "
                "or played at least %(n)s ranked matches at one table, within %(days)s days. "
                "Matchmaking already keeps those sharing an address or a browser apart."
            )
            % {"n": origins.OFTEN, "days": settings.RANKED_ORIGIN_DAYS},
            "pairs": rows,
        }
        return TemplateResponse(request, "admin/ranked/pairs.html", context)
