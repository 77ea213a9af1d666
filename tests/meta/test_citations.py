"""The project stands on its own: every tracked text file cites only what the repository
holds. A ``docs/...`` path must exist, a ``docs/rules/X.md §N`` must have a ``## §N``
heading, a Markdown link must resolve, and nothing may point at the reference files the
project was built from, outside it (the old rule book, notation and design pages, the
source documents' folder, a sibling ``shared`` folder or an absolute path on one machine).

The patterns are assembled from pieces so that this file does not cite what it forbids.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from mjscore.rulesets import RULESETS

ROOT = Path(__file__).resolve().parents[2]
THIS_FILE = Path(__file__).resolve().relative_to(ROOT).as_posix()  # it plants bad citations on purpose

_OUTSIDE_PAGES = "|".join(("RULES", "NOTATION", "DESIGN"))
# A file name of the references outside the repository, with any path before it.
OUTSIDE_PAGE = re.compile(rf"[\w./-]*\b(?:{_OUTSIDE_PAGES})\.md\b")
OUTSIDE_PLACES = re.compile(
    "|".join(
        (
            r"\bseeds" + "/",  # the source documents' folder
            r"\.\." + "/shared",  # the references beside a checkout
            r"(?<![\w.~-])/(?:work|tmp|home|root|Users|mnt)" + "/",  # a path on one machine
        )
    )
)
# "docs/rules/riichi.md §7", "riichi.md §4, §5", "docs/rules/baba.md §4–§6": a page and its sections.
SECTIONS = re.compile(r"(?<![\w/.-])((?:docs/)?(?:rules/)?[\w-]+\.md)((?:\s*(?:,|and|or|/|-|–)?\s*§\d+\b)+)")
DOCS_PATH = re.compile(r"(?<![\w./-])docs/[\w./-]*[\w/]")
MD_LINK = re.compile(r"\]\(([^)\s#]+)(?:#[^)]*)?\)")
INLINE_CODE = re.compile(r"`[^`]*`")
HEADING = re.compile(r"^#{2,} §(\d+)\b", re.MULTILINE)


def tracked_texts() -> list[tuple[str, str]]:
    """(path, text) of every tracked file that is UTF-8 text."""
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    texts = []
    for name in listed.decode().split("\0"):
        path = ROOT / name
        if not name or not path.is_file():
            continue
        data = path.read_bytes()
        if b"\0" in data:
            continue  # binary
        try:
            texts.append((name, data.decode("utf-8")))
        except UnicodeDecodeError:
            continue
    return texts


def _sections(page: Path) -> set[int]:
    return {int(n) for n in HEADING.findall(page.read_text(encoding="utf-8"))} if page.is_file() else set()


def _resolve(cited: str, where: str) -> Path:
    """A cited page: ``docs/...`` from the repository root, anything else from the citing file."""
    return ROOT / cited if cited.startswith("docs/") else (ROOT / where).parent / cited


def _in_repository(path: Path) -> bool:
    """``path`` exists inside the checkout (an absolute path may exist on this machine only)."""
    return path.exists() and path.resolve().is_relative_to(ROOT.resolve())


def citation_problems(where: str, text: str) -> list[str]:
    """What in ``text`` (the file ``where``, relative to the root) cites outside the repository."""
    problems = []
    in_code = False  # inside a fenced block of a Markdown file, where brackets are notation
    for number, line in enumerate(text.splitlines(), 1):
        at = f"{where}:{number}"
        for match in OUTSIDE_PAGE.finditer(line):
            if not _in_repository(ROOT / match.group().lstrip("/")):
                problems.append(f"{at}: cites {match.group()!r}, which is outside the repository")
        problems += [f"{at}: cites {m.group()!r}, outside the repository" for m in OUTSIDE_PLACES.finditer(line)]
        for match in DOCS_PATH.finditer(line):
            if not _in_repository(ROOT / match.group()):
                problems.append(f"{at}: {match.group()!r} does not exist")
        for page, sections in SECTIONS.findall(line):
            path = _resolve(page, where)
            missing = sorted({int(n) for n in re.findall(r"§(\d+)", sections)} - _sections(path))
            if missing and path.is_file():
                problems.append(f"{at}: {page} has no section " + ", ".join(f"§{n}" for n in missing))
            elif missing and page.startswith("docs/"):
                pass  # reported above as a path that does not exist
            elif missing:
                problems.append(f"{at}: {page} (cited with §{missing[0]}) is not a page here")
        if where.endswith(".md"):
            in_code ^= line.lstrip().startswith("```")
            prose = "" if in_code else INLINE_CODE.sub("", line)
            for target in MD_LINK.findall(prose):
                if (
                    "://" not in target
                    and not target.startswith("mailto:")
                    and not _in_repository(_resolve(target, where))
                ):
                    problems.append(f"{at}: the link {target!r} leads nowhere")
    return problems


def test_every_citation_points_inside_the_repository() -> None:
    texts = [(where, text) for where, text in tracked_texts() if where != THIS_FILE]
    assert len(texts) > 100  # why: the repository has more than a hundred text files; none was skipped by mistake
    problems = [p for where, text in texts for p in citation_problems(where, text)]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda rs: rs.name)
def test_every_option_cites_its_rule_book_section(ruleset: type) -> None:
    # why: `mjscore rules NAME` prints each option's source; it must name a page and section that exist
    for spec in ruleset.option_specs():
        match = SECTIONS.match(spec.source)
        assert match and match.group(1).startswith("docs/rules/"), f"{spec.name}: {spec.source!r}"
        assert not citation_problems("mjscore", spec.source), f"{spec.name}: {spec.source!r}"


_PLANTED_BAD = [
    "see " + "RULES" + ".md §2.7",
    "from the " + "NOTATION" + ".md error table",
    "[rules](" + ".." + "/shared/" + "RULES" + ".md)",
    "with " + "seeds" + "/004_* for wording",
    "from " + "/work" + "/shared/" + "RULES" + ".md",  # a file on this machine, not in the repository
    "[the machine's root](/)",  # exists, but outside the repository
    "from " + "/work" + "/shared/ section 4",
    "e.g. " + "/tmp" + "/hands.txt",
    "docs/rules/riichi.md §11",
    "docs/rules/riichi.md §7, §12",
    "docs/rules/baba.md §4–§9",
    "docs/rules/nowhere.md",
    "docs/nowhere/",
]
_GOOD = [
    "docs/rules/riichi.md §7",
    "docs/rules/riichi.md §7-§9 and §2",
    "docs/rules/baba.md §4–§6",
    "docs/rules/hana.md, docs/rules/baida.md §8",
    "docs/notation.md §2",
    "docs/rules/",
    "[the rule book](docs/rules/README.md)",
]


@pytest.mark.parametrize("line", _PLANTED_BAD)
def test_a_planted_bad_citation_is_found(line: str) -> None:
    # why: each line cites something the repository does not hold (or a section its page lacks)
    assert citation_problems("README.md", line)


@pytest.mark.parametrize("line", _GOOD)
def test_a_good_citation_passes(line: str) -> None:
    # why: the pages and sections exist (riichi.md has §2 and §7-§9, baba.md §4-§6, baida.md §8)
    assert citation_problems("README.md", line) == []
