"""OneRoster 1.2 CSV packages: a zip with manifest.csv and one CSV file per entity, for a school's
information system or gradebook (homework.oneroster and classroom.oneroster fill the rows).

The files, their columns and their order are those of *1EdTech OneRoster: CSV Binding 1.2.1*
(Final Release, 22 August 2023, <https://www.imsglobal.org/spec/oneroster/v1p2/bind/csv>),
section 3, as LongsightGroup/oneroster (src/one-roster-csv-*-schema.ts, which passes the 1EdTech
certification cases) writes them. In the 1.2 CSV binding a line item's score scales and learning
objectives are files of their own (lineItemScoreScales.csv, lineItemLearningObjectiveIds.csv), not
columns of lineItems.csv; `gradingPeriodSourcedId` became `academicSessionSourcedId`.

Every file is written "bulk" (a whole export, not changes), so `status` and `dateLastModified`
stay blank, as the binding asks of bulk rows. Files not written are "absent" in the manifest.
Cells are quoted and free text goes through plateful.spreadsheet_csv.text_cell (a teacher opens
these in a spreadsheet too); UTF-8 without a byte order mark, CRLF line ends (RFC 4180).
"""

from __future__ import annotations

import io
import re
import zipfile
from dataclasses import dataclass
from datetime import date

from django.utils.crypto import salted_hmac

from plateful import spreadsheet_csv
from plateful.spreadsheet_csv import text_cell

MANIFEST_VERSION = "1.0"
ONEROSTER_VERSION = "1.2"  # the manifest's value for the 1.2.x binding

# Every data file of the binding, in the manifest's order: each is "bulk" or "absent".
DATA_FILES = (
    "academicSessions.csv",
    "categories.csv",
    "classes.csv",
    "classResources.csv",
    "courses.csv",
    "courseResources.csv",
    "demographics.csv",
    "enrollments.csv",
    "lineItemLearningObjectiveIds.csv",
    "lineItems.csv",
    "lineItemScoreScales.csv",
    "orgs.csv",
    "resources.csv",
    "resultLearningObjectiveIds.csv",
    "results.csv",
    "resultScoreScales.csv",
    "roles.csv",
    "scoreScales.csv",
    "userProfiles.csv",
    "userResources.csv",
    "users.csv",
)

_COMMON = ("sourcedId", "status", "dateLastModified")

# The columns of the files Plateful writes, in the binding's order.
COLUMNS = {
    "academicSessions.csv": (
        *_COMMON, "title", "type", "startDate", "endDate", "parentSourcedId", "schoolYear",
    ),
    "orgs.csv": (*_COMMON, "name", "type", "identifier", "parentSourcedId"),
    "courses.csv": (
        *_COMMON, "schoolYearSourcedId", "title", "courseCode", "grades", "orgSourcedId",
        "subjects", "subjectCodes",
    ),
    "classes.csv": (
        *_COMMON, "title", "grades", "courseSourcedId", "classCode", "classType", "location",
        "schoolSourcedId", "termSourcedIds", "subjects", "subjectCodes", "periods",
    ),
    "users.csv": (
        *_COMMON, "enabledUser", "username", "userIds", "givenName", "familyName", "middleName",
        "identifier", "email", "sms", "phone", "agentSourcedIds", "grades", "password",
        "userMasterIdentifier", "preferredGivenName", "preferredMiddleName",
        "preferredFamilyName", "primaryOrgSourcedId", "pronouns",
    ),
    "enrollments.csv": (
        *_COMMON, "classSourcedId", "schoolSourcedId", "userSourcedId", "role", "primary",
        "beginDate", "endDate",
    ),
    "categories.csv": (*_COMMON, "title", "weight"),
    "lineItems.csv": (
        *_COMMON, "title", "description", "assignDate", "dueDate", "classSourcedId",
        "categorySourcedId", "academicSessionSourcedId", "resultValueMin", "resultValueMax",
        "schoolSourcedId",
    ),
    "results.csv": (
        *_COMMON, "lineItemSourcedId", "studentSourcedId", "scoreStatus", "score", "scoreDate",
        "comment", "textScore", "classSourcedId", "inProgress", "incomplete", "late", "missing",
    ),
}  # fmt: skip

# A sourcedId (the binding's GUID type): 1 to 255 of these characters.
GUID = re.compile(r"[0-9A-Za-z./@_-]{1,255}")


def digest(kind: str, pk: int) -> str:
    """20 hex digits that are neither the nickname nor a row number: they give away no one's name
    and no count of students, and stay the same from one download to the next (as long as the
    site's SECRET_KEY does)."""
    return salted_hmac("plateful.oneroster", f"{kind}:{pk}", algorithm="sha256").hexdigest()[:20]


def pseudonym(kind: str, pk: int) -> str:
    return f"plateful-{kind}-{digest(kind, pk)}"


def lms_user_id(student) -> str:
    """The school LMS's id of a homework student who came from an LTI launch (the launch's
    opaque `sub`, kept by lti.models.LtiSeat, the reverse one-to-one `lti_seat`), or ""."""
    seat = getattr(student, "lti_seat", None)
    return seat.lti_user.sub if seat is not None else ""


def user_sourced_id(student, kind: str) -> str:
    """A student's sourcedId. A student who came from the school's LMS is exported under the
    LMS's user id, so the school's system matches the row to the child without anyone typing a
    name; everyone else (and an LMS id that is not a valid sourcedId) under a pseudonym."""
    lms_id = lms_user_id(student)
    return lms_id if GUID.fullmatch(lms_id) else pseudonym(kind, student.pk)


@dataclass(frozen=True)
class Member:
    """A student in the export: their sourcedId, their nickname, and the pseudonymous part of the
    ids of their enrollment and results."""

    user_id: str
    nickname: str
    key: str

    @classmethod
    def of(cls, student, kind: str) -> Member:
        return cls(user_sourced_id(student, kind), student.nickname, digest(kind, student.pk))


def flag(value: bool) -> str:
    return "true" if value else "false"


@dataclass(frozen=True)
class ClassIds:
    org: str
    term: str
    course: str
    klass: str
    category: str


@dataclass(frozen=True)
class Roster:
    """What a class of Plateful is in OneRoster: the teacher's "school", a term (the homework's
    dates, or the session's day), a course (the activity), the class, one category for its line
    items, and its students (sourcedId, nickname)."""

    key: str  # "hw12" or "cs7": the class's part of every sourcedId
    teacher_pk: int
    title: str
    class_code: str
    course_title: str
    course_code: str
    term_title: str
    start: date
    end: date
    category_title: str
    students: list[Member]

    @property
    def ids(self) -> ClassIds:
        return ClassIds(
            org=pseudonym("org", self.teacher_pk),
            term=f"plateful-term-{self.key}",
            course=f"plateful-course-{self.key}",
            klass=f"plateful-class-{self.key}",
            category=f"plateful-category-{self.key}",
        )


def roster_tables(roster: Roster, *, school_name: str) -> dict[str, list[dict]]:
    ids = roster.ids
    return {
        "orgs.csv": [{"sourcedId": ids.org, "name": text_cell(school_name), "type": "school"}],
        "academicSessions.csv": [
            {
                "sourcedId": ids.term,
                "title": text_cell(roster.term_title),
                "type": "term",
                "startDate": roster.start.isoformat(),
                "endDate": roster.end.isoformat(),
                "schoolYear": str(roster.end.year),
            }
        ],
        "courses.csv": [
            {
                "sourcedId": ids.course,
                "title": text_cell(roster.course_title),
                "courseCode": text_cell(roster.course_code),
                "orgSourcedId": ids.org,
            }
        ],
        "classes.csv": [
            {
                "sourcedId": ids.klass,
                "title": text_cell(roster.title),
                "courseSourcedId": ids.course,
                "classCode": roster.class_code,
                "classType": "scheduled",
                "schoolSourcedId": ids.org,
                "termSourcedIds": ids.term,
            }
        ],
        "categories.csv": [{"sourcedId": ids.category, "title": text_cell(roster.category_title)}],
        # givenName is the nickname the student chose (a gradebook shows it); familyName, which
        # the binding requires, is the site's name: Plateful keeps no real names.
        "users.csv": [
            {
                "sourcedId": member.user_id,
                "enabledUser": "true",
                "username": member.user_id,
                "givenName": text_cell(member.nickname),
                "familyName": "Plateful",
            }
            for member in roster.students
        ],
        "enrollments.csv": [
            {
                "sourcedId": f"plateful-enrollment-{roster.key}-{member.key}",
                "classSourcedId": ids.klass,
                "schoolSourcedId": ids.org,
                "userSourcedId": member.user_id,
                "role": "student",
                "beginDate": roster.start.isoformat(),
                "endDate": roster.end.isoformat(),
            }
            for member in roster.students
        ],
    }


def manifest_rows(tables: dict[str, list[dict]]) -> list[tuple[str, str]]:
    rows = [("manifest.version", MANIFEST_VERSION), ("oneroster.version", ONEROSTER_VERSION)]
    rows += [(f"file.{name[:-4]}", "bulk" if name in tables else "absent") for name in DATA_FILES]
    return [*rows, ("source.systemName", "Plateful"), ("source.systemCode", "plateful")]


def _csv_text(columns, rows) -> str:
    out = io.StringIO()
    writer = spreadsheet_csv.dict_writer(out, columns, lineterminator="\r\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


def zip_bytes(tables: dict[str, list[dict]]) -> bytes:
    """The package: manifest.csv and each table's file (a table with no rows is still written,
    with its header: "bulk" then says there are none)."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as package:
        manifest = io.StringIO()
        writer = spreadsheet_csv.writer(manifest, lineterminator="\r\n")
        writer.writerow(("propertyName", "value"))
        writer.writerows(manifest_rows(tables))
        package.writestr("manifest.csv", manifest.getvalue().encode())
        for name in DATA_FILES:
            if name in tables:
                package.writestr(name, _csv_text(COLUMNS[name], tables[name]).encode())
    return out.getvalue()
