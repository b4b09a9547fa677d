# The same dates in Spanish: "27 de noviembre de 2026, 22:30" (plateful/formats/en/formats.py).
DATE_FORMAT = r"j \d\e F \d\e Y"
DATETIME_FORMAT = r"j \d\e F \d\e Y, H:i"
SHORT_DATETIME_FORMAT = "j M Y, H:i"
