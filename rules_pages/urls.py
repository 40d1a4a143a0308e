"""URLs of the rules site (inside the language prefix)."""

from django.urls import path

from rules_pages import views

app_name = "rules_pages"
urlpatterns = [
    path("", views.home, name="home"),
]
