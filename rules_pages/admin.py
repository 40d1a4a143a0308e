"""Admin of the videos page: editors add YouTube videos by id (or by pasting the video's address)."""

from __future__ import annotations

import re
from typing import cast

from django import forms
from django.contrib import admin

from rules_pages.models import Video

#: Addresses editors commonly paste; the id is the 11 characters the pattern captures.
YOUTUBE_URL_RE = re.compile(
    r"(?:youtube(?:-nocookie)?\.com/(?:watch\?(?:.*&)?v=|embed/|shorts/|live/)|youtu\.be/)"
    r"([A-Za-z0-9_-]{11})(?![A-Za-z0-9_-])"
)


class VideoAdminForm(forms.ModelForm):
    """Accepts a full YouTube address in the id field and keeps only the id."""

    class Meta:
        model = Video
        fields = [
            "title",
            "description",
            "youtube_id",
            "thumbnail",
            "language",
            "order",
            "published",
        ]
        widgets = {"youtube_id": forms.TextInput(attrs={"size": 40})}

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # The model field caps the id at 11 characters; a pasted address is longer.
        cast(forms.CharField, self.fields["youtube_id"]).max_length = None
        self.fields["youtube_id"].validators = [
            v for v in self.fields["youtube_id"].validators if not hasattr(v, "limit_value")
        ]
        self.fields["youtube_id"].widget.attrs.pop("maxlength", None)

    def clean_youtube_id(self) -> str:
        value = self.cleaned_data["youtube_id"].strip()
        match = YOUTUBE_URL_RE.search(value)
        return match.group(1) if match else value


@admin.register(Video)
class VideoAdmin(admin.ModelAdmin):
    form = VideoAdminForm
    list_display = ["title", "language", "order", "published", "youtube_id"]
    list_editable = ["order", "published"]
    list_filter = ["language", "published"]
    search_fields = ["title", "description", "youtube_id"]
