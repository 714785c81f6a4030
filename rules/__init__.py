"""Rikken rule schedules: the contract catalogue, presets, house rules, validation.

Everything in this package except ``models``, ``admin`` and ``resolver`` is
pure Python: it does not interact with the database.
"""
