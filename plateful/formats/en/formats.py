# One way to write a date on every page (issue 31: class pages said "27 November 2026, 22:30",
# homework pages "Nov. 27, 2026, 10:43 p.m."): the day, the month's name, the year, a 24-hour time.
DATE_FORMAT = "j F Y"
DATETIME_FORMAT = "j F Y, H:i"
SHORT_DATETIME_FORMAT = "j M Y, H:i"
