"""Classroom services other apps and commands call."""

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group

TEACHERS_GROUP = "Teachers"


def teacher_ensure(*, username: str, password: str) -> tuple[object, bool]:
    """Create (or reset) a teacher login; returns (user, created)."""
    user_model = get_user_model()
    user, created = user_model.objects.get_or_create(username=username)
    user.set_password(password)
    user.is_staff = True  # teachers may edit decks and cards in the admin
    user.save()
    group, _ = Group.objects.get_or_create(name=TEACHERS_GROUP)
    user.groups.add(group)
    return user, created
