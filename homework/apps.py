from django.apps import AppConfig


class HomeworkConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "homework"

    def ready(self):
        # Homework's gates in games (homework.gates), imported once the apps are loaded.
        from games import access, changes, retention
        from homework import gates

        # Run for homework's own matches only (games.Match.owner).
        access.register_gate(gates.OWNER, gates.match_gate)
        access.register_move_gate(gates.OWNER, gates.move_gate)
        access.register_play_again(gates.OWNER, gates.play_again)
        retention.register_hold(gates.matches_held)
        changes.subscribe(gates.match_changed)
