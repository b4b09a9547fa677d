from django.apps import AppConfig


class DecksConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "decks"
    verbose_name = "Teacher-made decks"

    def ready(self):
        from decks import services
        from foodcards import pictures

        # Cards of a teacher's deck that were dealt into a game are drawn at the Eat Right picture
        # addresses, under their own unguessable ids (see decks.services.shared_card_record).
        pictures.register_picture_source(services.shared_card_picture)
