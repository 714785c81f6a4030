"""Mail pages: unsubscribe, confirm an address, the organiser's outbox."""

app_name = "mailings"
urlpatterns: list = []
