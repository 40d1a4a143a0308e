"""URLs of the lobby app (inside the language prefix)."""

from django.urls import path

from . import views

app_name = "lobby"
urlpatterns = [
    path("jouer/", views.index, name="index"),
    path("jouer/rapide/", views.quick_play, name="quick_play"),
    path("jouer/pseudo/", views.nickname, name="nickname"),
    path("jouer/privee/", views.create_private, name="create_private"),
]
