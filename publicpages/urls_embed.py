"""Embeddable standings and calendar feeds; routes join the public namespace."""

from django.urls import path

from publicpages import views_calendar, views_embed

urlpatterns: list = [
    path(
        "t/<slug:slug>/calendar.ics",
        views_calendar.event_calendar,
        name="event-calendar",
    ),
    path(
        "s/<slug:slug>/calendar.ics",
        views_calendar.season_calendar,
        name="season-calendar",
    ),
    path("embed/t/<slug:slug>/", views_embed.event_widget, name="embed"),
    path(
        "embed/t/<slug:slug>/plain/",
        views_embed.event_widget_plain,
        name="embed-plain",
    ),
    path("embed/s/<slug:slug>/", views_embed.season_widget, name="embed-season"),
]
