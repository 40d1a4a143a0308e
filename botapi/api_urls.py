"""The bot API's URLs (``/api/bot/``, outside the language prefix: ``?lang=en`` chooses the
language of the error messages, French by default)."""

from django.urls import path

from botapi import api

app_name = "botapi_api"
urlpatterns = [
    path("account/", api.account, name="account"),
    path("quick/", api.quick, name="quick"),
    path("ranked/", api.ranked, name="ranked"),
    # As the site's own invitation path: the request log masks the token after "invitation/".
    path("tables/<int:pk>/invitation/<str:invite>/", api.invitation, name="invitation"),
]
