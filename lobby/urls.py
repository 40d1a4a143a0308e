"""URLs of the lobby app (inside the language prefix)."""

app_name = "lobby"
urlpatterns: list = []
