from django.apps import AppConfig


class ClassroomConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "classroom"

    def ready(self):
        from django.contrib.auth.signals import user_login_failed

        from classroom import accounts, class_tutorials, gates
        from games import access, changes, retention

        user_login_failed.connect(accounts.login_failure_count)

        # Run for the classroom's own matches only (games.Match.owner).
        access.register_gate(gates.OWNER, gates.class_match_gate)
        access.register_move_gate(gates.OWNER, gates.class_move_gate)
        access.register_play_again(gates.OWNER, gates.class_play_again)
        # A student's own guided first game ("Learn to play first"): theirs alone.
        access.register_gate(class_tutorials.TUTORIAL_OWNER, class_tutorials.tutorial_gate)
        access.register_play_again(class_tutorials.TUTORIAL_OWNER, class_tutorials.tutorial_play_again)
        changes.subscribe(gates.match_changed)
        retention.register_hold(gates.class_matches_held)
