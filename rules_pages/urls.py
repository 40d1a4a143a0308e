"""URLs of the rules site (inside the language prefix): one route per registry page.

Each route is lazy, so /fr/comment-jouer/ and /en/how-to-play/ are the same page and the French
slug does not exist under /en/ (404). The URL name is the page key: `rules_pages:<key>`.
"""

from django.urls import path

from rules_pages import videos, views
from rules_pages.pages import PAGES

app_name = "rules_pages"
urlpatterns = [
    path(page.route(), views.page_view, {"key": page.key}, name=page.key) for page in PAGES
]

# The videos page's thumbnails, served by the site itself (rules_pages/videos.py, part B).
urlpatterns += [
    path("videos/<int:pk>/thumbnail/", videos.thumbnail, name="video_thumbnail"),
]
