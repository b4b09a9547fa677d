from django.apps import AppConfig


class HomeworkConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "homework"

    def ready(self):
        # Homework's gates in games (homework.gates), imported once the apps are loaded.
        from games import access, retention
        from homework import gates

        access.register_gate(gates.match_gate)
        access.register_move_gate(gates.move_gate)
        access.register_play_again(gates.play_again)
        retention.register_hold(gates.matches_held)
