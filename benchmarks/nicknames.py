"""How well the nickname rule tells rude names from innocent ones (see README.md, "Nicknames").

    .venv/bin/python benchmarks/nicknames.py            # every library found, and the rule
    .venv/bin/python benchmarks/nicknames.py --misses   # also list what each one gets wrong
    .venv/bin/python benchmarks/nicknames.py --only rule --misses

The corpus is benchmarks/nicknames/: hand-written rude and innocent names (rude.txt,
innocent.txt: the development set), and three held-out sets, each written after the word lists
were frozen and measured once before anything else changed (rude-heldout*.txt,
innocent-heldout*.txt). Sets 1 and 2 were then used to improve the rule; set 3 never was: its
rate is the honest estimate. Each hand-written name also
gets machine-made spelling variants (`variants`: leetspeak, repeated, spaced or dotted letters,
sound-alikes, look-alike letters, glued camelCase with gamer decorations, mixed case), made by
general rules from a fixed seed, so they come from no block list. Innocent names get the
disguises children give innocent names (glued pairs, numbers, "xX...Xx", case).

Libraries that are not installed are listed as such; the evaluated ones are pinned in
benchmarks/requirements-nicknames.txt.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from nicknames import rude as rule  # noqa: E402

CORPUS = ROOT / "benchmarks" / "nicknames"
SEED = 18

LEET = {
    "a": "4@", "e": "3", "i": "1!", "o": "0", "s": "5$", "t": "7", "b": "8", "g": "9", "l": "1",
}  # fmt: skip
CYRILLIC = {"a": "а", "e": "е", "o": "о", "c": "с", "p": "р", "x": "х", "y": "у", "i": "і"}
# Sound-alike spellings children use: a hard "c" as "k", "s" as "z" (not in "sh"), a last "-er"
# as "-a", "you" as "u".
SOUNDS = ((r"ck", "k"), (r"f", "ph"), (r"c(?=[aou])", "k"), (r"s(?!h)", "z"), (r"\byou\b", "u"),
          (r"\byour\b", "ur"), (r"er\b", "a"), (r"x", "ks"), (r"\bthe\b", "da"), (r"oo", "u"))  # fmt: skip
DECORATIONS = ("xX{}Xx", "{}123", "The{}", "{}_YT", "Its{}", "{}2013", "Mr{}", "{}Kid", "Lil{}", "{}99",
               "Super{}", "{}Gamer", "{}TTV", "{}_07")  # fmt: skip


def names(filename: str) -> list[str]:
    path = CORPUS / filename
    if not path.exists():
        return []
    lines = (line.strip() for line in path.read_text(encoding="utf-8").splitlines())
    return [line for line in lines if line and not line.startswith("#")]


# ----- machine-made variants ---------------------------------------------------------------------


def _leet(name: str, rng: random.Random) -> str:
    out = [rng.choice(LEET[ch.lower()]) if ch.lower() in LEET and rng.random() < 0.5 else ch for ch in name]
    changed = "".join(out)
    if changed == name:  # at least one letter
        spots = [i for i, ch in enumerate(name) if ch.lower() in LEET]
        if spots:
            i = rng.choice(spots)
            changed = name[:i] + rng.choice(LEET[name[i].lower()]) + name[i + 1 :]
    return changed


def _repeat(name: str, rng: random.Random) -> str:
    spots = [i for i, ch in enumerate(name) if ch.isalpha()]
    for i in sorted(rng.sample(spots, min(len(spots), rng.choice((1, 2)))), reverse=True):
        name = name[:i] + name[i] * rng.randint(2, 4) + name[i + 1 :]
    return name


def _spaced(name: str, rng: random.Random) -> str:
    letters = [ch for ch in name if not ch.isspace()]
    return rng.choice((" ", ".", "-", "_", " . ")).join(letters)


def _camel(name: str, rng: random.Random) -> str:
    words = name.split()
    glued = " ".join(words) if "." in name else "".join(word[:1].upper() + word[1:] for word in words)
    return rng.choice(DECORATIONS).format(glued)


def _sound(name: str, rng: random.Random) -> str:
    lower = name.lower()
    usable = [(spelled, sound) for spelled, sound in SOUNDS if re.search(spelled, lower)]
    if not usable:
        return _repeat(name, rng)
    for spelled, sound in rng.sample(usable, min(2, len(usable))):
        lower = re.sub(spelled, sound, lower)
    return lower


def _look_alike(name: str, rng: random.Random) -> str:
    spots = [i for i, ch in enumerate(name) if ch.lower() in CYRILLIC]
    if not spots:
        return _leet(name, rng)
    for i in rng.sample(spots, min(len(spots), 2)):
        name = name[:i] + CYRILLIC[name[i].lower()] + name[i + 1 :]
    return name


def _case(name: str, rng: random.Random) -> str:
    return "".join(ch.upper() if rng.random() < 0.5 else ch.lower() for ch in name)


RUDE_DISGUISES: dict[str, Callable[[str, random.Random], str]] = {
    "leet": _leet,
    "repeated letters": _repeat,
    "spaced or dotted": _spaced,
    "camelCase and gamer decoration": _camel,
    "sound-alike": _sound,
    "look-alike letters": _look_alike,
    "mixed case": _case,
}


def rude_variants(base: list[str], seed: int = SEED) -> list[tuple[str, str]]:
    """Two machine-made disguises of every rude name: (variant, how it was made)."""
    rng = random.Random(seed)
    made: list[tuple[str, str]] = []
    kinds = list(RUDE_DISGUISES)
    written = set(base)
    for name in base:
        for kind in rng.sample(kinds, 2):
            variant = RUDE_DISGUISES[kind](name, rng)
            if kind == "spaced or dotted" and len(name) > 14:
                variant = RUDE_DISGUISES["leet"](name, rng)
            if variant not in written and variant not in {v for v, _k in made}:
                made.append((variant, kind))
    return made


def innocent_variants(base: list[str], seed: int = SEED) -> list[tuple[str, str]]:
    """One disguise per innocent name, the way children decorate innocent names."""
    rng = random.Random(seed)
    made = []
    for name in base:
        kind = rng.choice(("glued pair", "decoration", "mixed case"))
        if kind == "glued pair" and "." not in name:  # nobody glues "Ana L." to a word
            other = rng.choice(base)
            variant = "".join(w[:1].upper() + w[1:] for w in f"{name} {other}".split())
        elif kind != "mixed case":
            variant = _camel(name, rng)
        else:
            variant = _case(name, rng)
        made.append((variant, kind))
    return made


# ----- the contestants ---------------------------------------------------------------------------


def _glin(word_boundaries: bool):
    from glin_profanity import Filter

    library = Filter({"languages": ["english", "spanish"], "word_boundaries": word_boundaries})
    return library.is_profane


def _better_profanity():
    from better_profanity import profanity

    profanity.load_censor_words()
    return profanity.contains_profanity


def _profanity_check():
    from profanity_check import predict_prob

    return lambda name: predict_prob([name])[0] >= 0.5


def _pyobscenity():
    import pyobscenity

    return pyobscenity.check


def _safetype():
    from safetype import create_moderation_engine

    engine = create_moderation_engine(mode="block", languages=["en", "es"])
    return lambda name: bool(engine.moderate(name).matches)


def _profanex():
    import profanex

    return profanex.Filter().contains


def _rule_lists():
    return lambda name: rule.rude_match(name, library=False) is not None


def _rule():
    return rule.is_rude


def _with(extra_maker):
    def make():
        extra = extra_maker()
        return lambda name: rule.is_rude(name) or bool(extra(name))

    return make


CONTESTANTS: dict[str, Callable[[], Callable[[str], bool]]] = {
    "glin-profanity 4.1.0, whole words (EN+ES)": lambda: _glin(True),
    "glin-profanity 4.1.0, substrings (EN+ES)": lambda: _glin(False),
    "better-profanity 0.7.0": _better_profanity,
    "alt-profanity-check 1.9.1 (trained classifier, p >= 0.5)": _profanity_check,
    "pyobscenity 0.2.0": _pyobscenity,
    "safetype 1.14.0 (EN+ES)": _safetype,
    "profanex 1.0.0": _profanex,
    "our word lists alone (nicknames/data)": _rule_lists,
    "rule: our lists + glin-profanity (chosen)": _rule,
    "rule + better-profanity": _with(_better_profanity),
    "rule + alt-profanity-check": _with(_profanity_check),
    "rule + safetype": _with(_safetype),
}
SHORT_NAMES = {
    "rule": "rule: our lists + glin-profanity (chosen)",
    "lists": "our word lists alone (nicknames/data)",
}


def _rate(refuse: Callable[[str], bool], corpus: list[str]) -> tuple[float, list[str]]:
    refused = [name for name in corpus if refuse(name)]
    return (len(refused) / len(corpus) if corpus else 0.0), refused


# ----- issue 30's corpus: by category and language -----------------------------------------------

ISSUE30 = CORPUS / "issue30"
PARTS = ("tuning", "heldout")


def issue30_files() -> dict[tuple[str, str, str], dict[str, list[str]]]:
    """{(kind, category, language): {part: names}} from issue30/<part>/<kind>-<category>[-<lang>].txt"""
    found: dict[tuple[str, str, str], dict[str, list[str]]] = {}
    for part in PARTS:
        for path in sorted((ISSUE30 / part).glob("*.txt")):
            kind, _dash, rest = path.stem.partition("-")
            category, _dash, language = rest.rpartition("-")
            if language not in ("en", "es"):
                category, language = rest, "mixed"
            found.setdefault((kind, category, language), {}).setdefault(part, []).extend(
                names(f"issue30/{part}/{path.name}")
            )
    return found


def issue30_report(refuse: Callable[[str], bool], parts: tuple[str, ...], misses: bool) -> None:
    """The per-category, per-language table of benchmarks/README.md. `parts`: which parts to count
    (the held-out part alone, to measure it without reading its names)."""
    print("| kind | category | language | " + " | ".join(parts) + " | whole |")
    print("| --- " * (len(parts) + 4) + "|")
    totals: dict[str, dict[str, list[int]]] = {}
    for (kind, category, language), by_part in sorted(issue30_files().items()):
        cells, whole = [], [0, 0]
        for part in parts:
            corpus = by_part.get(part, [])
            refused = [name for name in corpus if refuse(name)]
            cells.append(f"{len(refused)}/{len(corpus)}")
            whole[0] += len(refused)
            whole[1] += len(corpus)
            tally = totals.setdefault(kind, {}).setdefault(part, [0, 0])
            tally[0] += len(refused)
            tally[1] += len(corpus)
            if misses and part != "heldout":
                wrong = [n for n in corpus if (n in refused) != (kind == "rude")]
                if wrong:
                    print(f"    {part} {kind} {category} {language}, wrong: {wrong}")
        rate = whole[0] / max(whole[1], 1)
        print(f"| {kind} | {category} | {language} | " + " | ".join(cells) + f" | {rate:.1%} of {whole[1]} |")
    for kind, by_part in totals.items():
        refused = sum(t[0] for t in by_part.values())
        counted = sum(t[1] for t in by_part.values())
        each = ", ".join(f"{part} {t[0]}/{t[1]} = {t[0] / max(t[1], 1):.1%}" for part, t in by_part.items())
        print(f"{kind}: refused {refused}/{counted} = {refused / max(counted, 1):.1%} ({each})")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--misses", action="store_true", help="list the names each one gets wrong")
    parser.add_argument("--only", default="", help='one contestant: "rule", "lists" or a name prefix')
    parser.add_argument(
        "--issue30",
        choices=("whole", "heldout"),
        help="issue 30's corpus by category and language (the rule only); heldout: that part alone, "
        "and no names listed",
    )
    args = parser.parse_args()
    if args.issue30:
        parts = PARTS if args.issue30 == "whole" else ("heldout",)
        issue30_report(rule.is_rude, parts, args.misses)
        return

    rude_written, innocent_written = names("rude.txt"), names("innocent.txt")
    sets = {
        "rude, written": rude_written,
        "rude, variants": [v for v, _k in rude_variants(rude_written)],
        "rude, held out 1": names("rude-heldout.txt"),
        "rude, held out 2": names("rude-heldout-2.txt"),
        "rude, held out 3": names("rude-heldout-3.txt"),
        "innocent, written": innocent_written,
        "innocent, variants": [v for v, _k in innocent_variants(innocent_written)],
        "innocent, held out 1": names("innocent-heldout.txt"),
        "innocent, held out 2": names("innocent-heldout-2.txt"),
        "innocent, held out 3": names("innocent-heldout-3.txt"),
    }
    print("corpus: " + ", ".join(f"{label} {len(corpus)}" for label, corpus in sets.items()))
    wanted = SHORT_NAMES.get(args.only, args.only)
    print("| contestant | " + " | ".join(sets) + " | all rude | all innocent | ms/name |")
    print("| --- " * (len(sets) + 4) + "|")
    for label, make in CONTESTANTS.items():
        if wanted and not label.startswith(wanted):
            continue
        try:
            refuse = make()
        except ImportError:
            print(f"| {label} | not installed |")
            continue
        refuse("warm up")
        started, cells, misses, counted = time.perf_counter(), [], {}, 0
        totals = {"rude": [0, 0], "innocent": [0, 0]}
        for set_label, corpus in sets.items():
            rate, refused = _rate(refuse, corpus)
            counted += len(corpus)
            cells.append(f"{rate:.1%}" if corpus else "–")
            kind = set_label.split(",")[0]
            totals[kind][0] += len(refused)
            totals[kind][1] += len(corpus)
            wrong = [n for n in corpus if (n in refused) != (kind == "rude")]
            misses[set_label] = wrong
        elapsed = (time.perf_counter() - started) * 1000 / max(counted, 1)
        rude_all = totals["rude"][0] / max(totals["rude"][1], 1)
        innocent_all = totals["innocent"][0] / max(totals["innocent"][1], 1)
        print(
            f"| {label} | " + " | ".join(cells) + f" | {rude_all:.1%} | {innocent_all:.1%} | {elapsed:.2f} |"
        )
        if args.misses:
            for set_label, wrong in misses.items():
                if wrong:
                    print(f"    {set_label}, wrong ({len(wrong)}): {wrong}")


if __name__ == "__main__":
    main()
