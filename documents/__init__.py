"""Exports and imports: thin adapters over ``scoring.rowsource``.

Every exporter returns ``(filename, content_type, bytes)`` so that the web
views and the management commands share one code path (pretix exporter
style). Reportlab and openpyxl are imported inside functions: loading the
site never pays for them.
"""

PDF = "application/pdf"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
JSON = "application/json"


class ExportError(Exception):
    """An export that cannot be made (message for the user), e.g. no seating."""
