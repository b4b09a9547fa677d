from django.apps import AppConfig


class LtiConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "lti"
    verbose_name = "LTI 1.3"

    def ready(self):
        # Scores go back to the LMS once a homework game, meal check or finished learn-to-play
        # lesson has committed.
        from django.db.models.signals import post_save

        from games import changes
        from homework.models import Attempt
        from lti import scores

        changes.subscribe(scores.match_changed)
        post_save.connect(scores.attempt_saved, sender=Attempt, dispatch_uid="lti.attempt_saved")
