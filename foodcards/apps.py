from django.apps import AppConfig


class FoodcardsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "foodcards"
