"""The TD's pages of the API: an event's tokens (``/manage/<slug>/api-tokens/``)."""

from django.urls import path

from api import views_tokens

app_name = "api-manage"

urlpatterns = [
    path("manage/<slug:slug>/api-tokens/", views_tokens.tokens, name="tokens"),
    path(
        "manage/<slug:slug>/api-tokens/<int:pk>/revoke/",
        views_tokens.revoke,
        name="revoke",
    ),
]
