"""The API's routes: ``/api/v1/…`` (schema at ``/api/v1/openapi.json``,
documentation at ``/api/v1/docs``)."""

from django.urls import path

from api.v1 import api

urlpatterns: list = [path("v1/", api.urls)]
