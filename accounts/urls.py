"""The account pages of the site itself (allauth's are under the same accounts/ prefix)."""

from django.urls import path

from accounts import views

app_name = "accounts"
urlpatterns = [
    path("", views.overview, name="overview"),
    path("delete/", views.delete, name="delete"),
    path("data/", views.my_data, name="my_data"),
]
