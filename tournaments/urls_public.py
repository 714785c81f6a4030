"""urls_public"""

urlpatterns: list = []
