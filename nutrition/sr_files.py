"""Read USDA Standard Reference (SR) release files (pure Python, no Django).

The format: one record a line, fields separated by `^`, text fields wrapped in `~`, lines end in
CRLF, an empty field means "no value" (not zero). NUTR_DEF.txt is Latin-1; the others are ASCII
and read as Latin-1 too (a superset), so a stray byte never stops an import.

Every problem raises SRFormatError naming the file and the line, before anything is written.
"""

from dataclasses import dataclass, field
from pathlib import Path

from nutrition.nutrients import NUTRIENTS

FOOD_GROUP_FILE = "FD_GROUP.txt"
FOOD_FILE = "FOOD_DES.txt"
ABBREV_FILE = "ABBREV.txt"
WEIGHT_FILE = "WEIGHT.txt"
REQUIRED_FILES = (FOOD_GROUP_FILE, FOOD_FILE, ABBREV_FILE, WEIGHT_FILE)

ABBREV_COLUMNS = 53  # NDB_No, Shrt_Desc, 46 nutrients, GmWt_1, GmWt_Desc1, GmWt_2, GmWt_Desc2, Refuse_Pct
FOOD_DES_COLUMNS = 14
FD_GROUP_COLUMNS = 2
WEIGHT_COLUMNS = 7


class SRFormatError(Exception):
    """A USDA file is missing or not in the SR format; the message names file and line."""

    def __init__(self, path: Path, line: int | None, problem: str):
        self.path = Path(path)
        self.line = line
        self.problem = problem
        where = f"{self.path.name}, line {line}" if line else self.path.name
        super().__init__(f"{where}: {problem} (file {self.path})")


@dataclass
class SRFood:
    ndb: str
    group: str
    long_description: str
    short_description: str
    common_name: str = ""
    refuse_pct: float | None = None
    survey: bool = False  # "Y" in FOOD_DES's Survey field: a food of USDA's dietary intake survey
    nutrients: dict[str, float] = field(default_factory=dict)  # per 100 g, only known values


@dataclass(frozen=True)
class SRWeight:
    ndb: str
    seq: int
    amount: float
    description: str
    grams: float


@dataclass
class SRRelease:
    groups: dict[str, str]  # code -> name
    foods: dict[str, SRFood]  # ndb -> food
    weights: list[SRWeight]


def _records(path: Path, columns: int):
    """Yield (line number, fields without their ~ marks) for each line of an SR file."""
    if not path.is_file():
        raise SRFormatError(path, None, "the file is missing")
    with path.open("r", encoding="latin-1", newline="") as handle:
        for number, raw in enumerate(handle, start=1):
            line = raw.rstrip("\r\n")
            if not line.strip():
                continue
            fields = line.split("^")
            if len(fields) != columns:
                raise SRFormatError(path, number, f"expected {columns} fields, found {len(fields)}")
            yield number, [_unquote(path, number, value) for value in fields]


def _unquote(path: Path, number: int, value: str) -> str:
    if value.startswith("~"):
        if len(value) < 2 or not value.endswith("~"):
            raise SRFormatError(path, number, f"a text field is not closed with ~: {value[:30]!r}")
        return value[1:-1]
    return value


def _number(path: Path, number: int, column: str, value: str) -> float | None:
    if value == "":
        return None
    try:
        parsed = float(value)
    except ValueError:
        raise SRFormatError(path, number, f"{column} is not a number: {value!r}") from None
    if parsed != parsed or parsed in (float("inf"), float("-inf")):
        raise SRFormatError(path, number, f"{column} is not a number: {value!r}")
    return parsed


def _ndb(path: Path, number: int, value: str) -> str:
    if not (value.isdigit() and len(value) == 5):
        raise SRFormatError(path, number, f"NDB_No must be 5 digits, found {value!r}")
    return value


def read_food_groups(directory: Path) -> dict[str, str]:
    path = Path(directory) / FOOD_GROUP_FILE
    groups: dict[str, str] = {}
    for number, (code, name) in _records(path, FD_GROUP_COLUMNS):
        if not (code.isdigit() and len(code) == 4):
            raise SRFormatError(path, number, f"a food group code must be 4 digits, found {code!r}")
        if code in groups:
            raise SRFormatError(path, number, f"food group {code} is listed twice")
        groups[code] = name
    if not groups:
        raise SRFormatError(path, None, "the file has no food groups")
    return groups


def read_foods(directory: Path, groups: dict[str, str]) -> dict[str, SRFood]:
    path = Path(directory) / FOOD_FILE
    foods: dict[str, SRFood] = {}
    for number, fields in _records(path, FOOD_DES_COLUMNS):
        ndb = _ndb(path, number, fields[0])
        group = fields[1]
        if group not in groups:
            raise SRFormatError(path, number, f"food {ndb} has an unknown food group {group!r}")
        if ndb in foods:
            raise SRFormatError(path, number, f"food {ndb} is listed twice")
        if not fields[2]:
            raise SRFormatError(path, number, f"food {ndb} has no description")
        foods[ndb] = SRFood(
            ndb=ndb,
            group=group,
            long_description=fields[2],
            short_description=fields[3],
            common_name=fields[4],
            refuse_pct=_number(path, number, "Refuse", fields[8]),
            survey=fields[6] == "Y",
        )
    return foods


def read_abbrev(directory: Path, foods: dict[str, SRFood]) -> None:
    """Fill each food's nutrients per 100 g from ABBREV.txt (every food must have a line)."""
    path = Path(directory) / ABBREV_FILE
    seen: set[str] = set()
    for number, fields in _records(path, ABBREV_COLUMNS):
        ndb = _ndb(path, number, fields[0])
        if ndb not in foods:
            raise SRFormatError(path, number, f"food {ndb} is not in {FOOD_FILE}")
        if ndb in seen:
            raise SRFormatError(path, number, f"food {ndb} is listed twice")
        seen.add(ndb)
        values: dict[str, float] = {}
        for nutrient, raw in zip(NUTRIENTS, fields[2 : 2 + len(NUTRIENTS)], strict=True):
            value = _number(path, number, nutrient.abbrev_column, raw)
            if value is not None:
                values[nutrient.key] = value
        foods[ndb].nutrients = values
    missing = sorted(set(foods) - seen)
    if missing:
        raise SRFormatError(path, None, f"{len(missing)} foods have no nutrient line, first {missing[0]}")


def read_weights(directory: Path, foods: dict[str, SRFood]) -> list[SRWeight]:
    path = Path(directory) / WEIGHT_FILE
    weights: list[SRWeight] = []
    seen: set[tuple[str, int]] = set()
    for number, fields in _records(path, WEIGHT_COLUMNS):
        ndb = _ndb(path, number, fields[0])
        if ndb not in foods:
            raise SRFormatError(path, number, f"food {ndb} is not in {FOOD_FILE}")
        seq = _number(path, number, "Seq", fields[1])
        amount = _number(path, number, "Amount", fields[2])
        grams = _number(path, number, "Gm_Wgt", fields[4])
        if seq is None or amount is None or grams is None or not fields[3]:
            raise SRFormatError(path, number, "Seq, Amount, Msre_Desc and Gm_Wgt must all be given")
        if (ndb, int(seq)) in seen:
            raise SRFormatError(path, number, f"measure {int(seq)} of food {ndb} is listed twice")
        seen.add((ndb, int(seq)))
        weights.append(SRWeight(ndb=ndb, seq=int(seq), amount=amount, description=fields[3], grams=grams))
    return weights


def read_release(directory: Path) -> SRRelease:
    """Read and check the four SR files of a release folder; raise SRFormatError on any problem."""
    directory = Path(directory)
    for name in REQUIRED_FILES:
        if not (directory / name).is_file():
            raise SRFormatError(directory / name, None, "the file is missing")
    groups = read_food_groups(directory)
    foods = read_foods(directory, groups)
    read_abbrev(directory, foods)
    weights = read_weights(directory, foods)
    return SRRelease(groups=groups, foods=foods, weights=weights)
