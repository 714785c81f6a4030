"""Databases of earlier versions migrated forward."""

from django.db import connection
from django.db.migrations.executor import MigrationExecutor


def migrate(targets):
    """Migrate the test database to ``targets``: the apps of that state."""
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def migrate_to_the_end():
    return migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
