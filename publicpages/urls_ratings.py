"""Public ratings pages; routes join the public namespace."""

from django.urls import path

from publicpages import views_ratings

urlpatterns: list = [
    path("ratings/", views_ratings.rating_list, name="ratings"),
    path(
        "ratings/<slug:public_id>/", views_ratings.player_history, name="rating-history"
    ),
]
