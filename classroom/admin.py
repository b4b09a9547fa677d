"""The operator's view of class sessions (teachers use /teach/, not the admin)."""

from django.contrib import admin

from classroom.models import ClassSession, MealAttempt, Student, TableMatch


class StudentInline(admin.TabularInline):
    model = Student
    fields = ("nickname", "joined_at", "last_active_at", "removed_at")
    readonly_fields = fields
    extra = 0
    can_delete = False


@admin.register(ClassSession)
class ClassSessionAdmin(admin.ModelAdmin):
    list_display = (
        "code",
        "teacher",
        "kind",
        "game",
        "status",
        "locked",
        "paused",
        "created_at",
        "purged_at",
    )
    list_filter = ("kind", "status")
    search_fields = ("code", "teacher__username", "title")
    readonly_fields = ("code", "created_at", "started_at", "ended_at", "purged_at", "summary")
    inlines = [StudentInline]


@admin.register(TableMatch)
class TableMatchAdmin(admin.ModelAdmin):
    list_display = ("session", "table", "match", "current", "created_at")
    raw_id_fields = ("session", "match")


@admin.register(MealAttempt)
class MealAttemptAdmin(admin.ModelAdmin):
    list_display = ("student", "balanced", "calories", "created_at")
    raw_id_fields = ("student",)
