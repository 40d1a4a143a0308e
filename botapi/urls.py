"""The account page's bot part (inside the language prefix, under accounts/)."""

from django.urls import path

from botapi import views

app_name = "botapi"
urlpatterns = [
    path("bot/", views.bot_account, name="account"),
    path("bot/tokens/", views.new_token, name="new_token"),
    path("bot/tokens/<int:pk>/revoke/", views.revoke_token, name="revoke_token"),
]
