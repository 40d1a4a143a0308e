"""URLs of the games app (inside the language prefix)."""

from django.urls import path

from . import views

app_name = "games"
urlpatterns = [
    path("tables/<int:pk>/", views.table, name="table"),
    path("tables/<int:pk>/invitation/<str:token>/", views.invite, name="invite"),
    path("tables/<int:pk>/commencer/", views.start, name="start"),
    path("tables/<int:pk>/exclure/", views.kick, name="kick"),
    path("tables/<int:pk>/quitter/", views.leave, name="leave"),
    path("tables/<int:pk>/rejouer/", views.rematch, name="rematch"),
    path("tables/<int:pk>/estimation/", views.hint, name="hint"),
]
