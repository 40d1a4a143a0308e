"""The videos page: its context (registered in rules_pages/pages.py) and the thumbnails it shows.

Thumbnails are served by this site from its own storage, never from YouTube's image servers, so
opening the page contacts no third party; static/js/videos.js loads the player on click only.
"""

from __future__ import annotations

from typing import Any

from django.http import FileResponse, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_safe

from rules_pages.models import Video
from rules_pages.pages import current_language


def page_context(request: HttpRequest) -> dict[str, Any]:
    """The published videos in the reader's language (or in both languages); without any, the
    page asks search engines not to index it (it is not linked from anywhere then)."""
    videos = list(Video.objects.for_language(current_language()))
    return {"videos": videos, "noindex": not videos}


def has_videos(lang: str) -> bool:
    """Is at least one video published in `lang` (or in both languages)?"""
    return Video.objects.for_language(lang).exists()


@require_safe
def thumbnail(request: HttpRequest, pk: int) -> HttpResponse | FileResponse:
    """A published video's uploaded thumbnail, with the content type its bytes show."""
    video = get_object_or_404(Video, pk=pk, published=True)
    if not video.thumbnail:
        return HttpResponse(status=404)
    try:
        content_type = video.thumbnail_content_type()
        handle = video.thumbnail.open("rb")
    except FileNotFoundError:  # the file was removed from storage behind the database's back
        return HttpResponse(status=404)
    response = FileResponse(handle, content_type=content_type)
    response["Cache-Control"] = "public, max-age=86400"
    response["X-Content-Type-Options"] = "nosniff"
    return response
