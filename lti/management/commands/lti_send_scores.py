"""Send again the LTI scores an LMS didn't take (down, slow, refusing): run it from cron."""

from django.core.management.base import BaseCommand

from lti import scores


class Command(BaseCommand):
    help = "Post to their LMS the scores of students who met the goal and whose score wasn't sent."

    def handle(self, *args, **options):
        outcomes = [scores.score_send(student_id) for student_id in scores.unsent_student_ids()]
        self.stdout.write(f"Sent {outcomes.count(True)}, failed {outcomes.count(False)}.")
