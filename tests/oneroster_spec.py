"""A OneRoster 1.2 CSV package checked file by file against the binding, transcribed here on its
own (not imported from the code under test): *1EdTech OneRoster: CSV Binding 1.2.1* (Final
Release, 22 August 2023, https://www.imsglobal.org/spec/oneroster/v1p2/bind/csv), section 3's
tables for each file (columns in order, required or not, type, value sets) and the manifest of
section 2, as LongsightGroup/oneroster's CSV parser reads them (src/one-roster-csv-*-schema.ts,
*-record-engine.ts, one-roster-csv-primitive.ts, one-roster-csv-manifest.ts).

`check_package(data)` parses a zip and fails on the first thing off: a header, a required cell
left empty, a GUID, a date, a year, a value outside its set, a reference to a row no file has, a
score outside its line item's range, a result for a student not enrolled in its class, a file
the manifest doesn't say is there (or says is there and isn't). It returns the rows by file.
"""

from __future__ import annotations

import csv
import io
import re
import zipfile
from datetime import date

DATA_FILES = {
    "academicSessions.csv", "categories.csv", "classes.csv", "classResources.csv", "courses.csv",
    "courseResources.csv", "demographics.csv", "enrollments.csv",
    "lineItemLearningObjectiveIds.csv", "lineItems.csv", "lineItemScoreScales.csv", "orgs.csv",
    "resources.csv", "resultLearningObjectiveIds.csv", "results.csv", "resultScoreScales.csv",
    "roles.csv", "scoreScales.csv", "userProfiles.csv", "userResources.csv", "users.csv",
}  # fmt: skip

# Each file's columns in order: (name, kind, required). A bulk file leaves status and
# dateLastModified blank ("lifecycle").
_LIFE = [
    ("sourcedId", "guid", True),
    ("status", "lifecycle", False),
    ("dateLastModified", "lifecycle", False),
]
SESSION_TYPES = {"gradingPeriod", "semester", "schoolYear", "term"}
ORG_TYPES = {"department", "school", "district", "local", "state", "national"}
SCORE_STATUSES = {"exempt", "fully graded", "not submitted", "partially graded", "submitted"}
TABLES = {
    "academicSessions.csv": [
        *_LIFE, ("title", "text", True), ("type", SESSION_TYPES, True), ("startDate", "date", True),
        ("endDate", "date", True), ("parentSourcedId", "guid", False), ("schoolYear", "year", True),
    ],
    "orgs.csv": [
        *_LIFE, ("name", "text", True), ("type", ORG_TYPES, True), ("identifier", "text", False),
        ("parentSourcedId", "guid", False),
    ],
    "courses.csv": [
        *_LIFE, ("schoolYearSourcedId", "guid", False), ("title", "text", True),
        ("courseCode", "text", False), ("grades", "list", False), ("orgSourcedId", "guid", True),
        ("subjects", "list", False), ("subjectCodes", "list", False),
    ],
    "classes.csv": [
        *_LIFE, ("title", "text", True), ("grades", "list", False), ("courseSourcedId", "guid", True),
        ("classCode", "text", False), ("classType", {"homeroom", "scheduled"}, True),
        ("location", "text", False), ("schoolSourcedId", "guid", True),
        ("termSourcedIds", "guids", True), ("subjects", "list", False),
        ("subjectCodes", "list", False), ("periods", "list", False),
    ],
    "users.csv": [
        *_LIFE, ("enabledUser", "bool", True), ("username", "text", True), ("userIds", "list", False),
        ("givenName", "text", True), ("familyName", "text", True), ("middleName", "text", False),
        ("identifier", "text", False), ("email", "text", False), ("sms", "text", False),
        ("phone", "text", False), ("agentSourcedIds", "guids", False), ("grades", "list", False),
        ("password", "text", False), ("userMasterIdentifier", "text", False),
        ("preferredGivenName", "text", False), ("preferredMiddleName", "text", False),
        ("preferredFamilyName", "text", False), ("primaryOrgSourcedId", "guid", False),
        ("pronouns", "text", False),
    ],
    "enrollments.csv": [
        *_LIFE, ("classSourcedId", "guid", True), ("schoolSourcedId", "guid", True),
        ("userSourcedId", "guid", True), ("role", {"administrator", "proctor", "student", "teacher"}, True),
        ("primary", "bool", False), ("beginDate", "date", False), ("endDate", "date", False),
    ],
    "categories.csv": [*_LIFE, ("title", "text", True), ("weight", "float", False)],
    "lineItems.csv": [
        *_LIFE, ("title", "text", True), ("description", "text", False), ("assignDate", "date", True),
        ("dueDate", "date", True), ("classSourcedId", "guid", True), ("categorySourcedId", "guid", True),
        ("academicSessionSourcedId", "guid", True), ("resultValueMin", "float", False),
        ("resultValueMax", "float", False), ("schoolSourcedId", "guid", True),
    ],
    "results.csv": [
        *_LIFE, ("lineItemSourcedId", "guid", True), ("studentSourcedId", "guid", True),
        ("scoreStatus", SCORE_STATUSES, True), ("score", "float", False), ("scoreDate", "date", True),
        ("comment", "text", False), ("textScore", "text", False), ("classSourcedId", "guid", False),
        ("inProgress", "bool", False), ("incomplete", "bool", False), ("late", "bool", False),
        ("missing", "bool", False),
    ],
}  # fmt: skip

# Which file each reference points into (a list field: every item).
REFERENCES = {
    ("academicSessions.csv", "parentSourcedId"): "academicSessions.csv",
    ("orgs.csv", "parentSourcedId"): "orgs.csv",
    ("courses.csv", "schoolYearSourcedId"): "academicSessions.csv",
    ("courses.csv", "orgSourcedId"): "orgs.csv",
    ("classes.csv", "courseSourcedId"): "courses.csv",
    ("classes.csv", "schoolSourcedId"): "orgs.csv",
    ("classes.csv", "termSourcedIds"): "academicSessions.csv",
    ("users.csv", "agentSourcedIds"): "users.csv",
    ("users.csv", "primaryOrgSourcedId"): "orgs.csv",
    ("enrollments.csv", "classSourcedId"): "classes.csv",
    ("enrollments.csv", "schoolSourcedId"): "orgs.csv",
    ("enrollments.csv", "userSourcedId"): "users.csv",
    ("lineItems.csv", "classSourcedId"): "classes.csv",
    ("lineItems.csv", "categorySourcedId"): "categories.csv",
    ("lineItems.csv", "academicSessionSourcedId"): "academicSessions.csv",
    ("lineItems.csv", "schoolSourcedId"): "orgs.csv",
    ("results.csv", "lineItemSourcedId"): "lineItems.csv",
    ("results.csv", "studentSourcedId"): "users.csv",
    ("results.csv", "classSourcedId"): "classes.csv",
}
# School references must point at an org of type "school".
SCHOOL_FIELDS = {
    ("classes.csv", "schoolSourcedId"),
    ("enrollments.csv", "schoolSourcedId"),
    ("lineItems.csv", "schoolSourcedId"),
}

GUID = re.compile(r"[0-9A-Za-z./@_-]{1,255}")
YEAR = re.compile(r"\d{4}")
FLOAT = re.compile(r"-?\d+(\.\d+)?")


def _items(value: str) -> list[str]:
    return [item.strip() for item in value.split(",")]


def _check_cell(where: str, kind, required: bool, value: str) -> None:
    if kind == "lifecycle":
        assert value == "", f"{where}: a bulk row leaves it blank, not {value!r}"
        return
    if value == "":
        assert not required, f"{where}: required, but empty"
        return
    if kind == "guid":
        assert GUID.fullmatch(value), f"{where}: not a GUID: {value!r}"
    elif kind == "guids":
        assert all(GUID.fullmatch(item) for item in _items(value)), f"{where}: not GUIDs: {value!r}"
    elif kind == "date":
        assert date.fromisoformat(value).isoformat() == value, f"{where}: not YYYY-MM-DD: {value!r}"
    elif kind == "year":
        assert YEAR.fullmatch(value), f"{where}: not YYYY: {value!r}"
    elif kind == "bool":
        assert value in ("true", "false"), f"{where}: not true/false: {value!r}"
    elif kind == "float":
        assert FLOAT.fullmatch(value), f"{where}: not a number: {value!r}"
    elif isinstance(kind, set):
        assert value in kind, f"{where}: {value!r} is not one of {sorted(kind)}"


def _read(package: zipfile.ZipFile, name: str) -> list[list[str]]:
    raw = package.read(name)
    assert not raw.startswith(b"\xef\xbb\xbf"), f"{name}: no byte order mark"
    text = raw.decode("utf-8")
    assert text.endswith("\r\n"), f"{name}: CRLF line ends"
    return list(csv.reader(io.StringIO(text, newline="")))


def _manifest(package: zipfile.ZipFile) -> dict[str, str]:
    rows = _read(package, "manifest.csv")
    assert rows[0] == ["propertyName", "value"]
    assert all(len(row) == 2 for row in rows[1:])
    names = [row[0] for row in rows[1:]]
    assert len(names) == len(set(names)), "a manifest property listed twice"
    properties = dict(rows[1:])
    assert properties["manifest.version"] == "1.0"
    assert properties["oneroster.version"] == "1.2"
    files = {name: properties.pop(f"file.{name[:-4]}") for name in DATA_FILES}
    assert set(properties) <= {
        "manifest.version",
        "oneroster.version",
        "source.systemName",
        "source.systemCode",
    }
    assert set(files.values()) <= {"bulk", "absent"}, "a full export: bulk or absent"
    return files


def check_package(data: bytes) -> dict[str, list[dict]]:
    package = zipfile.ZipFile(io.BytesIO(data))
    assert package.testzip() is None
    files = _manifest(package)
    present = {name for name, mode in files.items() if mode != "absent"}
    assert set(package.namelist()) == present | {"manifest.csv"}, "the manifest lists each file there"
    assert present <= set(TABLES), f"files this checker has no table for: {present - set(TABLES)}"
    tables: dict[str, list[dict]] = {}
    for name in sorted(present):
        rows = _read(package, name)
        columns = [column for column, _kind, _required in TABLES[name]]
        assert rows[0] == columns, f"{name}: header {rows[0]} is not the binding's {columns}"
        tables[name] = []
        for number, row in enumerate(rows[1:], start=2):
            assert len(row) == len(columns), f"{name} row {number}: {len(row)} cells"
            for (column, kind, required), value in zip(TABLES[name], row, strict=True):
                _check_cell(f"{name} row {number} {column}", kind, required, value)
            tables[name].append(dict(zip(columns, row, strict=True)))
        ids = [row["sourcedId"] for row in tables[name]]
        assert len(ids) == len(set(ids)), f"{name}: a sourcedId used twice"
    by_id = {name: {row["sourcedId"]: row for row in rows} for name, rows in tables.items()}
    for (name, column), target in REFERENCES.items():
        for row in tables.get(name, []):
            for item in _items(row[column]) if row[column] else []:
                assert item in by_id.get(target, {}), f"{name} {column} {item!r}: no such row in {target}"
                if (name, column) in SCHOOL_FIELDS:
                    assert by_id[target][item]["type"] == "school", f"{name} {column}: not a school"
    for line_item in tables.get("lineItems.csv", []):
        session = by_id["academicSessions.csv"][line_item["academicSessionSourcedId"]]
        assert session["type"] != "schoolYear", "a line item's academic session is no school year"
    enrolled = {(row["classSourcedId"], row["userSourcedId"]) for row in tables.get("enrollments.csv", [])}
    for result in tables.get("results.csv", []):
        line_item = by_id["lineItems.csv"][result["lineItemSourcedId"]]
        klass = result["classSourcedId"] or line_item["classSourcedId"]
        assert klass == line_item["classSourcedId"], "a result's class is its line item's"
        if "enrollments.csv" in tables:
            assert (klass, result["studentSourcedId"]) in enrolled, "a result for a student not enrolled"
        if result["score"]:
            low, high = line_item["resultValueMin"], line_item["resultValueMax"]
            assert not low or float(result["score"]) >= float(low), "score below the line item's min"
            assert not high or float(result["score"]) <= float(high), "score above the line item's max"
    return tables
