"""Scoring: zero-sum settlement and standings (pure), plus the one service layer.

``settlement`` and ``standings`` are pure: they do not interact with the
database. ``services`` loads rows, calls them and saves in one transaction.
"""
