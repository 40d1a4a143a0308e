"""URLs of the games app (inside the language prefix)."""

app_name = "games"
urlpatterns: list = []
