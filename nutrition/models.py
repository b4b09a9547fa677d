"""USDA foods, their nutrients and household measures, and the MyPlate food groups."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from nutrition.food_profile import FoodProfile, food_profile
from nutrition.myplate import estimated_added_sugars

# The same order as nutrition.myplate.PLATE_GROUPS (a test checks).
PLATE_GROUP_CHOICES = [
    ("fruits", _("Fruits")),
    ("vegetables", _("Vegetables")),
    ("grains", _("Grains")),
    ("protein", _("Protein foods")),
    ("dairy", _("Dairy")),
    ("mixed", _("Mixed dishes")),
    ("oils", _("Oils")),
    ("sometimes", _("Sometimes foods")),
    ("none", _("Not in a food group")),
]


class MyPlateGroup(models.Model):
    """One of MyPlate's five food groups (fruits, vegetables, grains, protein foods, dairy)."""

    slug = models.SlugField(max_length=20, unique=True)
    name = models.CharField(max_length=40)
    order = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["order"]

    def __str__(self):
        return self.name


class UsdaFoodGroup(models.Model):
    """A USDA SR food group (FD_GROUP.txt), e.g. 1100 Vegetables and Vegetable Products.

    `myplate` is the MyPlate group most of its foods belong to; what each food counts for is
    Food.plate_group (eggs are in "Dairy and Egg Products" but are protein foods).
    """

    code = models.CharField(max_length=4, unique=True)
    name = models.TextField()
    myplate = models.ForeignKey(
        MyPlateGroup, null=True, blank=True, on_delete=models.SET_NULL, related_name="usda_groups"
    )

    class Meta:
        ordering = ["code"]

    def __str__(self):
        return f"{self.code} {self.name}"


class Food(models.Model):
    """A USDA SR food with its nutrients per 100 g of edible portion (ABBREV.txt)."""

    ndb = models.CharField("NDB number", max_length=5, unique=True)
    usda_group = models.ForeignKey(UsdaFoodGroup, on_delete=models.PROTECT, related_name="foods")
    long_description = models.TextField()
    short_description = models.TextField(blank=True)
    common_name = models.TextField(blank=True)
    refuse_pct = models.FloatField(null=True, blank=True)
    # USDA's Survey flag: the food is one of those its "What We Eat in America" survey uses (the
    # explorer lists these common foods first among equally good matches).
    in_survey = models.BooleanField(default=False)
    # What the food counts for on MyPlate (nutrition.myplate.plate_group_for), set by the importer.
    plate_group = models.CharField(max_length=12, choices=PLATE_GROUP_CHOICES, blank=True, db_index=True)
    # Canonical keys of nutrition.nutrients (energy_kcal, vitamin_c_mg...); a missing key = no value.
    nutrients = models.JSONField(default=dict)

    class Meta:
        ordering = ["long_description"]

    def __str__(self):
        return f"{self.ndb} {self.long_description}"

    def nutrients_for_scoring(self) -> dict:
        """Nutrients per 100 g plus the added-sugar estimate the card formulas use."""
        values = dict(self.nutrients)
        values["added_sugars_g"] = estimated_added_sugars(
            sugars_g=values.get("sugars_g"),
            ndb=self.ndb,
            plate_group=self.plate_group or "none",
            description=self.long_description,
        )
        return values

    @property
    def fortified(self) -> bool:
        """Vitamins were added to this food in the factory (the explorer marks it)."""
        return self.profile().fortified

    def profile(self) -> FoodProfile:
        """What the card formulas read besides nutrients: its Nutri-Score kind, its fruit and
        vegetables, the vitamins added to it (nutrition.food_profile)."""
        return food_profile(
            ndb=self.ndb,
            usda_group=self.usda_group.code,
            description=self.long_description,
            plate_group=self.plate_group or "none",
            nutrients=self.nutrients,
        )


class HouseholdMeasure(models.Model):
    """A household measure of a food (WEIGHT.txt): e.g. 1 cup chopped = 91 g."""

    food = models.ForeignKey(Food, on_delete=models.CASCADE, related_name="measures")
    seq = models.PositiveSmallIntegerField()
    amount = models.FloatField()
    description = models.TextField()
    grams = models.FloatField()

    class Meta:
        ordering = ["food", "seq"]
        constraints = [models.UniqueConstraint(fields=["food", "seq"], name="unique_measure_per_food")]

    def __str__(self):
        return f"{self.label} ({self.grams:g} g)"

    @property
    def label(self) -> str:
        return f"{self.amount:g} {self.description}"
