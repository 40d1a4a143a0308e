"""API tokens of bot accounts (docs/bot-api.md).

Only a token's SHA-256 digest is kept: the secret is 256 random bits (``secrets``), so no one
can guess it from its digest and a slow password hash would buy nothing; a fast one lets a
request find its token by an indexed equality in one query. A leaked table opens nothing."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

# What a token may do: "play" joins queues and tables and plays; "read" asks for the account,
# the queue's state.
SCOPES = ("play", "read")


class ApiToken(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="api_tokens",
        verbose_name=_("account"),
    )
    label = models.CharField(_("label"), max_length=40, blank=True)
    digest = models.CharField(max_length=64, unique=True, editable=False)
    # The token's first characters, so that its owner tells their tokens apart.
    hint = models.CharField(_("begins with"), max_length=12, editable=False)
    scopes = models.CharField(_("scopes"), max_length=40)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    last_used_at = models.DateTimeField(_("last used"), null=True, blank=True)
    revoked_at = models.DateTimeField(_("revoked"), null=True, blank=True)

    class Meta:
        verbose_name = _("API token")
        verbose_name_plural = _("API tokens")
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.hint}… ({self.scopes})"

    @property
    def scope_list(self) -> list[str]:
        return self.scopes.split()

    def allows(self, scope: str) -> bool:
        return scope in self.scope_list
