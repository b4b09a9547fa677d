"""Food search on PostgreSQL: the pg_trgm extension and trigram indexes. They serve the search
as Django writes it (`icontains` is `UPPER(column::text) LIKE UPPER('%word%')`, so the indexes
are on that expression) and the typo-forgiving word similarity (`word <% UPPER(description)`).
SQLite (the embedded default) needs neither: it compares words in Python
(nutrition.typo_search), so on it this migration does nothing."""

from django.db import migrations

ENABLE = [
    "CREATE EXTENSION IF NOT EXISTS pg_trgm",
    "CREATE INDEX IF NOT EXISTS nutrition_food_description_trgm "
    "ON nutrition_food USING gin ((UPPER(long_description::text)) gin_trgm_ops)",
    "CREATE INDEX IF NOT EXISTS nutrition_food_common_name_trgm "
    "ON nutrition_food USING gin ((UPPER(common_name::text)) gin_trgm_ops)",
]
DISABLE = [  # the extension may serve others: it stays
    "DROP INDEX IF EXISTS nutrition_food_description_trgm",
    "DROP INDEX IF EXISTS nutrition_food_common_name_trgm",
]


class OnPostgreSQL(migrations.RunSQL):
    """RunSQL that runs only on PostgreSQL."""

    def database_forwards(self, app_label, schema_editor, from_state, to_state):
        if schema_editor.connection.vendor == "postgresql":
            super().database_forwards(app_label, schema_editor, from_state, to_state)

    def database_backwards(self, app_label, schema_editor, from_state, to_state):
        if schema_editor.connection.vendor == "postgresql":
            super().database_backwards(app_label, schema_editor, from_state, to_state)


class Migration(migrations.Migration):
    dependencies = [
        ("nutrition", "0004_refresh_plate_groups"),
    ]

    operations = [OnPostgreSQL(ENABLE, DISABLE)]
