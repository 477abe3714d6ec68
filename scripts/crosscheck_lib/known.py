"""Known disagreements: the machinery both known files share (pure; unit-tested).

docs/data-notes/crosscheck-known.yaml (the parameter check, format in known_figures.py) and
docs/data-notes/simulation-known.yaml (the simulation grid, format in sim.py) are both YAML lists
of entries, each explaining a disagreement. This module reads such a list: the YAML parse, the
list itself, each entry a mapping with no unknown key and every required key, with the same
error messages for both files. What an entry holds beyond that, its further checks and what it
matches are each file's own (KnownFormat.build, KnownEntry.matches). It then counts the uses of
each entry, so that an entry that explains nothing in the scope of a run is reported stale.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable

from .common import UsageError


class KnownFileError(UsageError):
    """The file as a whole cannot be read: not YAML, or not a list of entries."""


@dataclass
class KnownEntry:
    """One entry; `used` counts the disagreements it explained in this run."""
    used: int = field(default=0, kw_only=True)

    def matches(self, *key) -> bool:
        raise NotImplementedError


@dataclass(frozen=True)
class KnownFormat:
    """What one known file allows.

    required / optional  its keys; any other key is reported as unknown
    build                build(entry, where, ref, errors) -> KnownEntry | None: the file's own
                         checks (appending messages that start with `where`) and the entry, or
                         None to drop it; ref is "<source>#<n>"
    text_scalars         read every scalar as text (PyYAML's BaseLoader: numbers are compared as
                         decimals, never floats) instead of safe_load's types
    wrapper              a mapping with this key may hold the list
    present              whether a required key's value counts as given
    unknown_when_missing whether an entry that lacks a required key also has its unknown keys reported
    """
    required: tuple[str, ...]
    optional: tuple[str, ...]
    build: Callable[[dict, str, str, list], KnownEntry | None]
    text_scalars: bool = False
    wrapper: str | None = None
    present: Callable[[object], bool] = bool
    unknown_when_missing: bool = True

    @property
    def allowed(self) -> set[str]:
        return set(self.required) | set(self.optional)


def read_document(text: str, source: str, fmt: KnownFormat) -> list:
    """The file's list of entries; KnownFileError when it is not valid YAML or not a list. An
    empty file is an empty list."""
    import yaml
    try:
        data = yaml.load(text, Loader=yaml.BaseLoader) if fmt.text_scalars else yaml.safe_load(text)
    except yaml.YAMLError as e:
        raise KnownFileError(f"{source}: not valid YAML: {e}")
    # BaseLoader yields None or "" for an empty document; safe_load may yield any empty value.
    if (data is None or data == "") if fmt.text_scalars else not data:
        data = []
    if fmt.wrapper is not None and isinstance(data, dict) and fmt.wrapper in data:
        data = data[fmt.wrapper]
    if not isinstance(data, list):
        raise KnownFileError(f"{source}: expected a list of entries")
    return data


def read_entries(text: str, source: str, fmt: KnownFormat) -> tuple[list[KnownEntry], list[str]]:
    """The usable entries of one file and a message per problem ("<source>: entry <n>: ...")."""
    entries, errors = [], []
    for i, e in enumerate(read_document(text, source, fmt), 1):
        where = f"{source}: entry {i}"
        if not isinstance(e, dict):
            errors.append(f"{where}: not a mapping")
            continue
        unknown = set(e) - fmt.allowed
        missing = [k for k in fmt.required if not fmt.present(e.get(k, ""))]
        if unknown and (fmt.unknown_when_missing or not missing):
            errors.append(f"{where}: unknown key(s) {', '.join(sorted(unknown))}")
        if missing:
            errors.append(f"{where}: missing {', '.join(missing)}")
            continue
        entry = fmt.build(e, where, f"{source}#{i}", errors)
        if entry is not None:
            entries.append(entry)
    return entries, errors


def load_files(paths: Iterable[Path], fmt: KnownFormat, root: Path | None = None) -> tuple[list[KnownEntry], list[str]]:
    """Every entry of several files, in order; each file is named in messages relative to root
    when it lies under it, else as given."""
    entries, errors = [], []
    for p in paths:
        source = str(p.relative_to(root) if root is not None and p.is_relative_to(root) else p)
        e, err = read_entries(p.read_text(encoding="utf-8"), source, fmt)
        entries += e
        errors += err
    return entries, errors


def explain(entries: Iterable[KnownEntry], *key, every: bool = False) -> KnownEntry | None:
    """The first entry that matches key, counted as used; None when none does. With every, each
    matching entry is counted (a case with two causes uses both entries)."""
    first = None
    for k in entries:
        if k.matches(*key):
            k.used += 1
            if first is None:
                first = k
            if not every:
                break
    return first


def stale_entries(entries: Iterable[KnownEntry], in_scope: Callable[[KnownEntry], bool]) -> list[KnownEntry]:
    """Entries that explained nothing although the run covered what they are about."""
    return [k for k in entries if not k.used and in_scope(k)]
