from django.apps import AppConfig


class GamesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games"

    def ready(self):
        # Who reacts to "a match changed" (games.changes): imported here, once the apps are
        # loaded, because these modules use models.
        from games import access, changes, lessons, scheduler, views
        from games.live import broadcast

        access.register_gate(lessons.LEARNER_OWNER, views.learner_gate)
        changes.subscribe(broadcast.broadcast_change)
        changes.subscribe(scheduler.plan_after_change)
