"""Videos listed on the rules site's videos page.

A video is only a YouTube id plus our own texts and an optional thumbnail stored by the site: the
page must not contact YouTube (no i.ytimg.com thumbnail, no iframe) before the visitor clicks.
"""

from __future__ import annotations

import re

from django.core.exceptions import ValidationError
from django.core.validators import RegexValidator
from django.db import models
from django.db.models import Q, QuerySet
from django.utils.translation import gettext_lazy as _

YOUTUBE_ID_RE = re.compile(r"^[A-Za-z0-9_-]{11}$")

#: Magic numbers of the thumbnail formats we accept, with the content type we serve them as.
IMAGE_SIGNATURES: tuple[tuple[bytes, str], ...] = (
    (b"\xff\xd8\xff", "image/jpeg"),
    (b"\x89PNG\r\n\x1a\n", "image/png"),
    (b"RIFF", "image/webp"),  # checked further below: bytes 8..12 must read WEBP
)
THUMBNAIL_EXTENSIONS = {
    "jpg": "image/jpeg",
    "jpeg": "image/jpeg",
    "png": "image/png",
    "webp": "image/webp",
}
THUMBNAIL_MAX_BYTES = 2 * 1024 * 1024

validate_youtube_id = RegexValidator(
    YOUTUBE_ID_RE,
    _("A YouTube video id is exactly 11 characters: letters, digits, “-” or “_”."),
    code="invalid_youtube_id",
)


def sniff_image_type(head: bytes) -> str | None:
    """The content type of an image from its first bytes, or None if it is not JPEG/PNG/WebP.

    The browser-sent content type cannot be trusted, so the bytes decide (no Pillow needed).
    """
    for signature, content_type in IMAGE_SIGNATURES:
        if head.startswith(signature):
            if content_type == "image/webp" and head[8:12] != b"WEBP":
                return None
            return content_type
    return None


def validate_thumbnail(upload) -> None:
    """Accept only small JPEG, PNG or WebP files whose bytes match their extension."""
    if upload.size > THUMBNAIL_MAX_BYTES:
        raise ValidationError(
            _("The thumbnail must weigh at most %(size)s MB."),
            code="thumbnail_too_big",
            params={"size": THUMBNAIL_MAX_BYTES // (1024 * 1024)},
        )
    extension = upload.name.rsplit(".", 1)[-1].lower() if "." in upload.name else ""
    expected = THUMBNAIL_EXTENSIONS.get(extension)
    position = upload.tell() if hasattr(upload, "tell") else 0
    upload.seek(0)
    head = upload.read(16)
    upload.seek(position)
    actual = sniff_image_type(head)
    if expected is None or actual != expected:
        raise ValidationError(
            _("The thumbnail must be a JPEG, PNG or WebP image."), code="thumbnail_not_image"
        )


class VideoQuerySet(models.QuerySet["Video"]):
    """Queries the videos page needs."""

    def for_language(self, language: str) -> QuerySet[Video]:
        """Published videos in this language or in both, in the editors' order."""
        return self.filter(
            Q(language=language) | Q(language=Video.Language.BOTH), published=True
        ).order_by("order", "pk")


class Video(models.Model):
    """A YouTube video shown, on request only, on the videos page."""

    class Language(models.TextChoices):
        FRENCH = "fr", _("French")
        ENGLISH = "en", _("English")
        BOTH = "both", _("Both languages")

    title = models.CharField(_("title"), max_length=150)
    description = models.TextField(_("description"), blank=True)
    youtube_id = models.CharField(
        _("YouTube id"),
        max_length=11,
        validators=[validate_youtube_id],
        help_text=_(
            "The 11 characters after “v=” in the video's address. In the admin, pasting the "
            "whole address also works."
        ),
    )
    thumbnail = models.FileField(
        _("thumbnail"),
        upload_to="video-thumbnails/",
        blank=True,
        validators=[validate_thumbnail],
        help_text=_(
            "Optional JPEG, PNG or WebP image served by this site. Without one, the page draws a "
            "neutral placeholder: it never loads YouTube's thumbnails."
        ),
    )
    language = models.CharField(
        _("language"), max_length=4, choices=Language.choices, default=Language.FRENCH
    )
    order = models.PositiveIntegerField(
        _("order"), default=0, help_text=_("Smaller numbers come first.")
    )
    published = models.BooleanField(_("published"), default=False)
    created = models.DateTimeField(_("created"), auto_now_add=True)

    objects = VideoQuerySet.as_manager()

    class Meta:
        ordering = ["order", "pk"]
        verbose_name = _("video")
        verbose_name_plural = _("videos")

    def __str__(self) -> str:
        return self.title

    @property
    def embed_url(self) -> str:
        """The privacy-enhanced player address, used only by the click handler."""
        return f"https://www.youtube-nocookie.com/embed/{self.youtube_id}?autoplay=1"

    def thumbnail_content_type(self) -> str:
        """The content type to serve the stored thumbnail with, read from its bytes."""
        with self.thumbnail.open("rb") as handle:
            return sniff_image_type(handle.read(16)) or "application/octet-stream"
