"""The road from the hall to the club's site (URL namespace ``publishing:``)."""

from django.urls import path

from publishing import views_hall, views_receive, views_site

app_name = "publishing"

M = "manage/<slug:slug>/online/"
S = "manage/seasons/<slug:slug>/online/"
urlpatterns = [
    # The site's door for halls (a key, no cookie).
    path("publish/v1/event/", views_receive.upload_event, name="upload"),
    path("publish/v1/key/", views_receive.key_info, name="key-info"),
    # The organiser's pages on the site.
    path("manage/upload-keys/", views_site.keys, name="keys"),
    path("manage/upload-keys/<int:pk>/revoke/", views_site.revoke, name="revoke"),
    path("manage/uploads/<int:pk>/", views_site.conflict, name="conflict"),
    path("manage/uploads/<int:pk>/choose/", views_site.choose, name="choose"),
    # The hall's pages.
    path(M, views_hall.event_online, name="event"),
    path(M + "send/", views_hall.event_send_now, name="send"),
    path(M + "stop/", views_hall.event_stop, name="stop"),
    path(S, views_hall.season_online, name="season"),
]
