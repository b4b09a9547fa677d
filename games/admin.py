"""Admin of the games app: matches with their seats and move log (read-mostly), card sets."""

from django.contrib import admin

from games.models import CardSet, Match, MatchAction, Seat


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
    readonly_fields = ("id", "seed", "version", "card_set", "created_at", "changed_at")
    inlines = [SeatInline, MatchActionInline]


@admin.register(CardSet)
class CardSetAdmin(admin.ModelAdmin):
    """Card sets are written once by the games and never changed: look, don't touch."""

    list_display = ("digest", "deck", "card_count", "created_at")
    list_filter = ("deck",)
    readonly_fields = ("digest", "deck", "records", "created_at")

    @admin.display(description="cards")
    def card_count(self, card_set):
        return len(card_set.records)

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
