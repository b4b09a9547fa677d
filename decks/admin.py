from django.contrib import admin

from decks.models import TeacherCard, TeacherDeck


class TeacherCardInline(admin.TabularInline):
    model = TeacherCard
    fields = ("card_id", "position", "shared", "retired")
    readonly_fields = fields
    extra = 0
    can_delete = False
    show_change_link = False


@admin.register(TeacherDeck)
class TeacherDeckAdmin(admin.ModelAdmin):
    """Teachers' own decks, for the operator to look at (teachers change them on their own pages)."""

    list_display = ("name", "owner", "updated_at")
    search_fields = ("name", "owner__username")
    readonly_fields = ("owner", "created_at", "updated_at")
    inlines = [TeacherCardInline]
