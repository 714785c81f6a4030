"""urls_exports"""

urlpatterns: list = []
