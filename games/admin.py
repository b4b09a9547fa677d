"""Admin of the games app: matches with their seats and move log (read-mostly)."""

from django.contrib import admin

from games.models import Match, MatchAction, Seat


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ("number", "kind", "nickname", "bot_level")
    readonly_fields = ("number",)


class MatchActionInline(admin.TabularInline):
    model = MatchAction
    extra = 0
    fields = ("index", "seat", "action", "received_at")
    readonly_fields = fields
    can_delete = False


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ("id", "game", "seats", "status", "version", "created_at")
    list_filter = ("game", "status")
    search_fields = ("id",)
    readonly_fields = ("id", "seed", "version", "created_at", "changed_at")
    exclude = ("cards",)
    inlines = [SeatInline, MatchActionInline]
