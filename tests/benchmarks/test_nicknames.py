"""benchmarks/nicknames.py: its corpus is big enough, its machine-made variants are the same on
every run, and they come from general rules (no block list): the benchmark README's rates stand
on them."""

from __future__ import annotations

import random

from benchmarks import nicknames as bench


def test_the_corpus_has_at_least_400_rude_and_400_innocent_names_and_both_held_out_sets():
    rude, innocent = bench.names("rude.txt"), bench.names("innocent.txt")
    assert len(rude) >= 400 and len(innocent) >= 400
    assert len(set(rude)) == len(rude) and not set(rude) & set(innocent)
    for held_out in (
        "rude-heldout.txt",
        "innocent-heldout.txt",
        "rude-heldout-2.txt",
        "innocent-heldout-2.txt",
    ):
        assert len(bench.names(held_out)) >= 150, held_out


def test_variants_are_made_the_same_way_every_run_and_each_is_a_real_disguise():
    rude = bench.names("rude.txt")
    first, again = bench.rude_variants(rude), bench.rude_variants(rude)
    assert first == again and len(first) > len(rude)
    assert {kind for _variant, kind in first} == set(bench.RUDE_DISGUISES)
    assert all(variant not in rude for variant, _kind in first)
    innocent = bench.innocent_variants(bench.names("innocent.txt"))
    assert len(innocent) == len(bench.names("innocent.txt"))


def test_a_disguise_changes_the_spelling_not_the_word():
    rng = random.Random(1)
    assert (
        bench._spaced("kys", rng).replace(" ", "").replace(".", "").replace("-", "").replace("_", "") == "kys"
    )
    assert bench._camel("kill yourself", random.Random(2)).lower().count("killyourself") == 1
    assert bench._sound("your mom", random.Random(3)) in {"ur mom", "your mom"}
