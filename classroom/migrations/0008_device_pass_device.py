"""Passing the device becomes each device's choice (Student.pass_device on the seat holder), not
the session's: a session that passed every device gives that choice to each of its holders."""

from django.db import migrations, models


def session_to_holders(apps, schema_editor):
    Student = apps.get_model("classroom", "Student")
    Student.objects.filter(team_of__isnull=True, session__pass_device=True).update(pass_device=True)


def holders_to_session(apps, schema_editor):
    ClassSession = apps.get_model("classroom", "ClassSession")
    passing = ClassSession.objects.filter(students__team_of__isnull=True, students__pass_device=True)
    ClassSession.objects.filter(pk__in=passing.values("pk")).update(pass_device=True)


class Migration(migrations.Migration):
    dependencies = [
        ("classroom", "0007_session_pass_device"),
    ]

    operations = [
        migrations.AddField(
            model_name="student",
            name="pass_device",
            field=models.BooleanField(default=False),
        ),
        migrations.RunPython(session_to_holders, holders_to_session),
        migrations.RemoveField(
            model_name="classsession",
            name="pass_device",
        ),
    ]
