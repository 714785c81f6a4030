"""Rikken rule schedules: the contract catalogue, presets, house rules, validation.

``rules.engine`` is the pure engine: the rules as data and the checks of a
deal record, with no database. Beside it here: the stored house-rule sets
(``models``, ``admin``, ``usage``), choosing a schedule by code
(``resolver``), the editor and rule files (``editor``, ``forms``,
``rule_files``), the pages (``views``, ``views_files``, ``templatetags``) and
small pure helpers (``numbers``, ``naming``, ``text``, ``display``).
"""
