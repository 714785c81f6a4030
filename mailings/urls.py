"""Mail pages: unsubscribe, confirm an address, the organiser's outbox."""

from django.urls import path

from mailings import views

app_name = "mailings"
urlpatterns: list = [
    path(
        "mail/subscribe/<slug:slug>/<int:entry_id>/",
        views.subscribe,
        name="subscribe",
    ),
    path("mail/subscribe/sent/", views.subscribe_sent, name="subscribe-sent"),
    path("mail/confirm/<str:token>/", views.confirm, name="confirm"),
    path("mail/unsubscribe/<str:token>/", views.unsubscribe, name="unsubscribe"),
    path("mail/undo/<str:token>/", views.undo_unsubscribe, name="undo"),
    path("mail/subscribed/", views.subscribed_again, name="subscribe-sent-back"),
    path("manage/<slug:slug>/mail/", views.outbox, name="outbox"),
    path("manage/<slug:slug>/mail/retry/", views.retry_now, name="retry"),
]
