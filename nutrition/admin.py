"""Admin of the nutrition app: browse the imported USDA foods."""

from django.contrib import admin

from nutrition.models import Food, HouseholdMeasure, MyPlateGroup, UsdaFoodGroup


class HouseholdMeasureInline(admin.TabularInline):
    model = HouseholdMeasure
    extra = 0
    fields = ("seq", "amount", "description", "grams")


@admin.register(Food)
class FoodAdmin(admin.ModelAdmin):
    list_display = ("ndb", "long_description", "plate_group", "usda_group", "energy")
    list_filter = ("plate_group", "in_survey", "usda_group")
    search_fields = ("ndb", "long_description", "short_description", "common_name")
    list_select_related = ("usda_group",)
    inlines = [HouseholdMeasureInline]

    @admin.display(description="kcal per 100 g")
    def energy(self, food):
        return food.nutrients.get("energy_kcal")


@admin.register(UsdaFoodGroup)
class UsdaFoodGroupAdmin(admin.ModelAdmin):
    list_display = ("code", "name", "myplate")


@admin.register(MyPlateGroup)
class MyPlateGroupAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "order")
