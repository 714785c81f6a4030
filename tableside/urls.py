"""The players' pages at the table: a table's own link (the QR code on
its score sheet, /k/<slot>/<secret>/), no account."""

from django.urls import path

from tableside import views, views_offline, views_tablet

app_name = "tableside"
K = "k/<str:slot>/<str:secret>/"

urlpatterns = [
    path("k/worker.js", views_offline.worker, name="worker"),
    path(K, views.page, name="table"),
    path(K + "seat/", views.choose_seat, name="seat"),
    path(K + "deal/<int:number>/", views.submit, name="deal"),
    path(K + "deal/<int:number>/preview/", views.preview, name="preview"),
    path(K + "confirm/<int:entry_id>/", views.confirm, name="confirm"),
    path(K + "call/", views.call, name="call"),
    path(K + "status/", views.status, name="status"),
    path(K + "token/", views.token, name="token"),
    # a device made one table's tablet by the TD, and unlocked again
    path(
        "manage/<slug:slug>/round/<int:round>/table/<int:table>/tablet/",
        views_tablet.make,
        name="make-tablet",
    ),
    path("tablet/unlock/", views_tablet.unlock, name="unlock"),
]
