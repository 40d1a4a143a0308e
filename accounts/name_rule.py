"""One rule for every name a person shows to others: a guest's nickname, a sign-up's username
and a rename. A name may not pass for the site's team (reserved words, in French and English),
for another account (any account's name or username, staff's included, compared by their Latin
skeleton: "Воss" in Cyrillic is "Boss"), be invisible or hold control characters, or be caught
by the word filter (``screen_name``, a hook that ``moderation`` provides: accounts sits below
it and imports nothing of it)."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from accounts.models import DELETED_PREFIX, User
from accounts.names import name_key, name_words
from core.hooks import Hook
from core.skeleton import is_invisible


def _nothing_found(name: str) -> bool:
    return False


# A name in, whether the word filter finds anything in it (moderation.wordfilter).
screen_name: Hook[[str], bool] = Hook("screen_name", _nothing_found)

# Reserved wherever they stand in the name's key ("SuperAdmin", "moderatrice_42").
RESERVED_WITHIN = (
    "admin",  # admin, administrateur, administratrice, administrator
    "moderat",  # modérateur, modératrice, moderator, modération
    "robot",
    "webmaster",
    "superuser",
    "sysop",
)
# Reserved as a word of the name ("Le Modo", "Bot Léa"), not inside one ("Bottine", "Mode").
RESERVED_WORDS = frozenset(
    {"mod", "mods", "modo", "modos", "bot", "bots", "staff", "root", "support", "officiel"}
    | {"officielle", "official", "systeme", "system"}
)


def _reserved(name: str) -> bool:
    if name.strip().startswith(DELETED_PREFIX):  # what stands for a deleted account's name
        return True
    key = name_key(name)
    within = (*RESERVED_WITHIN, name_key(settings.SITE_NAME))
    return any(word and word in key for word in within) or any(
        word in RESERVED_WORDS for word in name_words(name)
    )


def check_name(name: str, *, owner_pk: int | None = None) -> None:
    """Refuse ``name`` (ValidationError, with a code) unless anyone may show it; ``owner_pk``:
    the account renaming itself (its own names are not "taken")."""
    if any(is_invisible(ch) for ch in name):
        raise ValidationError(
            _("A name may not hold invisible or control characters."), code="invisible"
        )
    if not name_key(name):
        raise ValidationError(_("A name needs letters or digits."), code="empty")
    if _reserved(name):
        raise ValidationError(
            _("This name is reserved for the site's team: choose another one."), code="reserved"
        )
    if screen_name(name):
        raise ValidationError(_("This name is not allowed: choose another one."), code="offensive")
    if User.name_taken(name, exclude_pk=owner_pk):
        raise ValidationError(_("Another player already has this name."), code="taken")
