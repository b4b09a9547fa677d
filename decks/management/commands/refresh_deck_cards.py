"""Make teachers' cards again after the card formulas changed: `manage.py refresh_deck_cards`."""

from django.core.management.base import BaseCommand

from decks.models import TeacherDeck
from decks.services import DeckError, deck_cards_refresh


class Command(BaseCommand):
    help = (
        "Give every teacher's card the numbers the formulas give today (copies of Eat Right cards "
        "take the Eat Right card as it is now; cards dealt into games are replaced, not changed). "
        "Run after an upgrade that changes nutrition.scoring, the MyPlate rules or the Eat Right deck."
    )

    def handle(self, *args, **options):
        changed = decks = 0
        for deck in TeacherDeck.objects.order_by("pk"):
            try:
                count = deck_cards_refresh(deck=deck)
            except DeckError as error:  # the USDA foods are not imported: food cards can't be made
                self.stderr.write(f"{deck}: {error.message}")
                continue
            changed += count
            decks += bool(count)
        self.stdout.write(f"{changed} cards made again in {decks} decks.")
