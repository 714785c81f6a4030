"""urls_td"""

urlpatterns: list = []
