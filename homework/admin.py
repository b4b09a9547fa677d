"""The operator's view of homework (teachers use /teach/homework/, not the admin)."""

from django.contrib import admin

from homework.models import Assignment, Student


class StudentInline(admin.TabularInline):
    model = Student
    fields = ("nickname", "joined_at", "last_active_at")
    readonly_fields = fields
    extra = 0
    can_delete = False


@admin.register(Assignment)
class AssignmentAdmin(admin.ModelAdmin):
    list_display = (
        "code",
        "teacher",
        "kind",
        "game",
        "goal",
        "goal_count",
        "opens_at",
        "due_at",
        "purged_at",
    )
    list_filter = ("kind", "goal")
    search_fields = ("code", "teacher__username", "title")
    readonly_fields = ("code", "created_at", "purged_at", "summary")
    inlines = [StudentInline]
