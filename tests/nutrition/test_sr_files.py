import pytest

from nutrition.sr_files import SRFormatError, read_release


def test_reads_a_release(tiny_sr):
    release = read_release(tiny_sr)
    assert len(release.groups) == 25
    broccoli = release.foods["11090"]
    assert broccoli.long_description == "Broccoli, raw"
    assert broccoli.group == "1100"
    assert broccoli.nutrients["energy_kcal"] == 34
    assert broccoli.nutrients["vitamin_c_mg"] == 89.2
    assert "vitamin_d_iu" in broccoli.nutrients
    assert any(w.ndb == "11090" and w.description == "cup chopped" and w.grams == 91 for w in release.weights)


def test_an_empty_field_means_no_value_not_zero(tiny_sr):
    doughnut = read_release(tiny_sr).foods["18436"]  # USDA gives no sugar figure for it
    line = next(
        line
        for line in (tiny_sr / "ABBREV.txt").read_text("latin-1").splitlines()
        if line.startswith("~18436~")
    )
    empty_columns = [i for i, value in enumerate(line.split("^")[2:48]) if value == ""]
    assert empty_columns
    assert "sugars_g" not in doughnut.nutrients
    assert len(doughnut.nutrients) == 46 - len(empty_columns)
    assert doughnut.nutrients["energy_kcal"] == 403


def _replace_line(path, ndb, change):
    lines = path.read_bytes().split(b"\r\n")
    for i, line in enumerate(lines):
        if line.startswith(f"~{ndb}~".encode()):
            lines[i] = change(line)
            path.write_bytes(b"\r\n".join(lines))
            return i + 1
    raise AssertionError(ndb)


def test_wrong_column_count_names_file_and_line(tiny_sr):
    number = _replace_line(tiny_sr / "ABBREV.txt", "09003", lambda line: line + b"^extra")
    with pytest.raises(SRFormatError) as error:
        read_release(tiny_sr)
    assert error.value.line == number
    assert f"ABBREV.txt, line {number}: expected 53 fields, found 54" in str(error.value)


def test_a_bad_number_names_the_column(tiny_sr):
    number = _replace_line(tiny_sr / "ABBREV.txt", "11090", lambda line: line.replace(b"^34^", b"^3x4^", 1))
    with pytest.raises(SRFormatError, match=rf"ABBREV.txt, line {number}: Energ_Kcal is not a number: '3x4'"):
        read_release(tiny_sr)


def test_an_unknown_food_group_is_refused(tiny_sr):
    number = _replace_line(
        tiny_sr / "FOOD_DES.txt", "11090", lambda line: line.replace(b"~1100~", b"~9900~", 1)
    )
    with pytest.raises(
        SRFormatError, match=rf"FOOD_DES.txt, line {number}: food 11090 has an unknown food group '9900'"
    ):
        read_release(tiny_sr)


def test_a_missing_file_is_named(tiny_sr):
    (tiny_sr / "WEIGHT.txt").unlink()
    with pytest.raises(SRFormatError, match="WEIGHT.txt: the file is missing"):
        read_release(tiny_sr)


def test_a_food_without_nutrients_is_refused(tiny_sr):
    abbrev = tiny_sr / "ABBREV.txt"
    abbrev.write_bytes(
        b"".join(line for line in abbrev.read_bytes().splitlines(True) if not line.startswith(b"~01001~"))
    )
    with pytest.raises(SRFormatError, match="1 foods have no nutrient line, first 01001"):
        read_release(tiny_sr)


def test_a_weight_for_an_unknown_food_is_refused(tiny_sr):
    with (tiny_sr / "WEIGHT.txt").open("ab") as weights:
        weights.write(b"~99999~^1^1^~cup~^100^^\r\n")
    with pytest.raises(SRFormatError, match=r"WEIGHT.txt, line \d+: food 99999 is not in FOOD_DES.txt"):
        read_release(tiny_sr)


def test_an_unclosed_text_field_is_refused(tiny_sr):
    _replace_line(tiny_sr / "FD_GROUP.txt", "1100", lambda line: line[:-1])
    with pytest.raises(SRFormatError, match="FD_GROUP.txt, line 11: a text field is not closed"):
        read_release(tiny_sr)
