"""Embeddable standings and calendar feeds; routes join the public namespace."""

urlpatterns: list = []
