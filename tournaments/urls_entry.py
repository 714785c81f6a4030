"""urls_entry"""

urlpatterns: list = []
