"""The API's routes (``/api/v1/…``): filled in by ``api.v1``."""

urlpatterns: list = []
