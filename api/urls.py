"""The API's routes: ``/api/v1/…`` (schema at ``/api/v1/openapi.json``,
documentation at ``/api/v1/docs``); any other path under it is a JSON 404."""

from django.urls import path, re_path

from api.v1 import api, unknown_path

urlpatterns: list = [path("v1/", api.urls), re_path(r"^v1/", unknown_path)]
