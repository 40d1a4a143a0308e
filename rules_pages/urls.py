"""URLs of the rules site (inside the language prefix): one route per registry page.

Each route is lazy, so /fr/comment-jouer/ and /en/how-to-play/ are the same page and the French
slug does not exist under /en/ (404). The URL name is the page key: `rules_pages:<key>`.
"""

from django.urls import path

from rules_pages import views
from rules_pages.pages import PAGES

app_name = "rules_pages"
urlpatterns = [
    path(page.route(), views.page_view, {"key": page.key}, name=page.key) for page in PAGES
]
