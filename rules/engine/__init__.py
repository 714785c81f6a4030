"""The rules engine: the rules of Rikken as data and the checks of a deal record.

The contract catalogue (``contracts``, ``types``), the shipped presets and the
schedules built from them (``presets``, ``schedules``), house-rule sets as a
preset plus checked overrides (``house_rules``), the typed deal and the
checks of a deal record (``deal``, ``validation``) with their problem codes
(``problems``), the jury's rule (``jury``), frozen rules (``snapshots``), the
words shown for all of these (``labels``), what a set changes (``diff``) and
a sampler of valid records for tests and the demo (``sampling``).

Pure: nothing here touches the database (no ``django.db``, no models). What
stores, edits, imports or shows rules lives beside it in ``rules/``
(``models``, ``editor``, ``rule_files``, ``resolver``, the views).
``tests/architecture/test_layers.py`` checks the package as a whole: every
module below ``rules.engine``, a new one included, must stay off the database
and import only pure modules.
"""
