"""Deal entry, one table-round per screen (TD only).

Under /manage/<slug>/round/<n>/table/<t>/; names prefixed ``entry-``.
"""

from django.urls import path

from scoring.entry import views

T = "manage/<slug:slug>/round/<int:round>/table/<int:table>/"

urlpatterns = [
    path(T, views.table_page, name="entry-table"),
    path(T + "deal/<int:deal>/", views.deal_page, name="entry-deal"),
    path(T + "deal/<int:deal>/preview/", views.preview, name="entry-preview"),
    path(T + "deal/<int:deal>/delete/", views.delete, name="entry-delete"),
    path(T + "sheet/", views.sheet, name="entry-sheet"),
    path(T + "close/", views.close, name="entry-close"),
    path(T + "reopen/", views.reopen, name="entry-reopen"),
]
