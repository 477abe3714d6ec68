#!/usr/bin/env python3
"""Validate taxdata documents against the published contract (docs/contract/).

    python3 scripts/validate-contract.py dist                      # every file of a dist
    python3 scripts/validate-contract.py dist/2026/states_2026.json
    python3 scripts/validate-contract.py --schema version answer.json
    python3 scripts/validate-contract.py --check-schemas           # the schemas and openapi.yaml themselves

The schema is chosen by file name (index.json, manifest.json, *.sig, federal_<year>.json, …) unless
--schema names one (a file name in docs/contract/schemas without `.schema.json`). A file no schema
covers is an error, so a dist with a file the contract does not describe fails.

The validator is python-jsonschema's Draft202012Validator with format checking. Numbers are read as
exact decimals (never binary floating point); a duplicate key or NaN/Infinity, which JSON Schema
cannot see, is refused while parsing.

Exit status: 0 every document is valid; 1 a document is invalid, unreadable or not covered; 2 usage
error, or (with --check-schemas) a schema, a $ref or openapi.yaml is broken.
"""
import argparse
import decimal
import json
import os
import re
import sys
import urllib.parse

try:
    import jsonschema
    from jsonschema import Draft202012Validator
except ImportError:  # pragma: no cover - the message is the point
    sys.exit("error: python3-jsonschema (4.0 or later) is required: apt-get install python3-jsonschema")

try:  # jsonschema 4.18 and later resolve $ref through `referencing`; older ones through RefResolver.
    import referencing
    import referencing.jsonschema
except ImportError:
    referencing = None

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CONTRACT = os.path.join(ROOT, "docs", "contract")
DIALECT = "https://json-schema.org/draft/2020-12/schema"
ID_BASE = "https://taxdata.example/contract/1/schemas/"

# File name → schema name. The year in a document's name is any four digits.
FILE_SCHEMAS = [
    (re.compile(r"^index\.json$"), "index"),
    (re.compile(r"^(index|manifest)\.json\.sig$"), "signature"),
    (re.compile(r"^manifest\.json$"), "manifest"),
    (re.compile(r"^federal_[0-9]{4}\.json$"), "federal"),
    (re.compile(r"^fica_[0-9]{4}\.json$"), "fica"),
    (re.compile(r"^states_[0-9]{4}\.json$"), "states"),
    (re.compile(r"^retirement_[0-9]{4}\.json$"), "retirement"),
    (re.compile(r"^combined_[0-9]{4}\.json$"), "combined"),
    (re.compile(r"^app_[0-9]{4}\.json$"), "app"),
    (re.compile(r"^provenance_[0-9]{4}\.json$"), "provenance"),
    (re.compile(r"^[A-Z]{2}_[0-9]{4}\.json$"), "local"),
    (re.compile(r"^local_provenance_[0-9]{4}\.json$"), "local-provenance"),
    (re.compile(r"^vectors_[0-9]{4}\.json$"), "vectors"),
]


class DocumentError(Exception):
    """A document that cannot be parsed as the contract's JSON."""


def _refuse_constant(name):
    raise DocumentError(f"{name} is not a JSON number")


def _no_duplicates(pairs):
    result = {}
    for key, value in pairs:
        if key in result:
            raise DocumentError(f"duplicate key '{key}'")
        result[key] = value
    return result


def load_json(path):
    """Parses a file strictly: exact decimals, no duplicate keys, no NaN/Infinity."""
    try:
        with open(path, "rb") as handle:
            text = handle.read().decode("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise DocumentError(f"cannot read: {error}") from None
    try:
        return json.loads(text, parse_float=decimal.Decimal, parse_constant=_refuse_constant,
                          object_pairs_hook=_no_duplicates)
    except json.JSONDecodeError as error:
        raise DocumentError(f"not JSON: {error}") from None


class Contract:
    """The schemas of docs/contract/schemas, by name and by $id, with one validator per schema."""

    def __init__(self, contract_dir=CONTRACT):
        self.dir = contract_dir
        self.schema_dir = os.path.join(contract_dir, "schemas")
        self.schemas = {}  # name → schema
        self.paths = {}  # name → file path
        for entry in sorted(os.listdir(self.schema_dir)):
            if entry.endswith(".schema.json"):
                name = entry[: -len(".schema.json")]
                self.paths[name] = os.path.join(self.schema_dir, entry)
                self.schemas[name] = load_json(self.paths[name])
        self.by_id = {schema.get("$id"): schema for schema in self.schemas.values()}
        if referencing is not None:
            resources = [(uri, referencing.Resource.from_contents(schema, default_specification=referencing.jsonschema.DRAFT202012))
                         for uri, schema in self.by_id.items()]
            self.registry = referencing.Registry().with_resources(resources)
        else:
            self.registry = None
        self._validators = {}

    def format_checker(self):
        checker = getattr(Draft202012Validator, "FORMAT_CHECKER", None)
        return checker if checker is not None else jsonschema.draft202012_format_checker

    def validator(self, name):
        if name not in self._validators:
            schema = self.schemas[name]
            if self.registry is not None:
                validator = Draft202012Validator(schema, registry=self.registry, format_checker=self.format_checker())
            else:
                resolver = jsonschema.RefResolver(schema["$id"], schema, store=dict(self.by_id))
                validator = Draft202012Validator(schema, resolver=resolver, format_checker=self.format_checker())
            self._validators[name] = validator
        return self._validators[name]

    def resolve(self, base_uri, ref):
        """The schema a $ref names, seen from a schema whose base URI is `base_uri` (KeyError if none)."""
        if self.registry is not None:
            try:
                return self.registry.resolver(base_uri=base_uri).lookup(ref).contents
            except referencing.exceptions.Unresolvable as error:
                raise KeyError(f"{ref}: {error}") from None
        resolver = jsonschema.RefResolver(base_uri, self.by_id.get(base_uri, {}), store=dict(self.by_id))
        try:
            return resolver.resolve(ref)[1]
        except jsonschema.exceptions.RefResolutionError as error:
            raise KeyError(f"{ref}: {error}") from None

    def errors(self, name, document):
        """Every violation as (JSON pointer, keyword, message), in document order."""
        found = []
        for error in self.validator(name).iter_errors(document):
            pointer = "".join("/" + str(part).replace("~", "~0").replace("/", "~1") for part in error.absolute_path)
            found.append((pointer, error.validator, error.message))
        return sorted(found)


def schema_for(path):
    base = os.path.basename(path)
    for pattern, name in FILE_SCHEMAS:
        if pattern.match(base):
            return name
    return None


def files_under(path):
    if os.path.isdir(path):
        for directory, subdirectories, names in os.walk(path):
            subdirectories.sort()
            for name in sorted(names):
                yield os.path.join(directory, name)
    else:
        yield path


def validate(contract, paths, forced_schema=None):
    """One result per file: {file, schema, errors: [{path, keyword, message}]}."""
    results = []
    for root in paths:
        if not os.path.exists(root):
            results.append({"file": root, "schema": None, "errors": [{"path": "", "keyword": "file", "message": "no such file or directory"}]})
            continue
        for path in files_under(root):
            name = forced_schema or schema_for(path)
            result = {"file": path, "schema": name, "errors": []}
            if name is None:
                result["errors"].append({"path": "", "keyword": "file", "message": "no schema in the contract covers this file name"})
            else:
                try:
                    document = load_json(path)
                    for pointer, keyword, message in contract.errors(name, document):
                        result["errors"].append({"path": pointer, "keyword": keyword, "message": message})
                except DocumentError as error:
                    result["errors"].append({"path": "", "keyword": "json", "message": str(error)})
            results.append(result)
    return results


def walk_refs(node, pointer=""):
    """Every $ref in a JSON-like tree, with the pointer to the object that holds it."""
    if isinstance(node, dict):
        if isinstance(node.get("$ref"), str):
            yield pointer, node["$ref"]
        for key, value in node.items():
            yield from walk_refs(value, f"{pointer}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from walk_refs(value, f"{pointer}/{index}")


def resolve_pointer(document, fragment):
    node = document
    for part in [p for p in urllib.parse.unquote(fragment).split("/") if p != ""]:
        part = part.replace("~1", "/").replace("~0", "~")
        node = node[int(part)] if isinstance(node, list) else node[part]
    return node


def check_schemas(contract):
    """Problems with the contract itself: invalid schemas, wrong $schema/$id, unresolvable $refs, openapi.yaml."""
    problems = []
    for name, schema in contract.schemas.items():
        where = os.path.relpath(contract.paths[name], ROOT)
        if schema.get("$schema") != DIALECT:
            problems.append(f"{where}: $schema must be {DIALECT}")
        if schema.get("$id") != ID_BASE + name + ".schema.json":
            problems.append(f"{where}: $id must be {ID_BASE}{name}.schema.json")
        try:
            Draft202012Validator.check_schema(schema)
        except jsonschema.exceptions.SchemaError as error:
            problems.append(f"{where}: not a valid 2020-12 schema at /{'/'.join(map(str, error.absolute_path))}: {error.message}")
        for pointer, ref in walk_refs(schema):
            try:
                contract.resolve(schema.get("$id", ""), ref)
            except KeyError as error:
                problems.append(f"{where}: $ref at {pointer or '/'} does not resolve: {error}")
    problems += check_mid_year(contract)
    problems += check_openapi(contract)
    return problems


def check_mid_year(contract):
    """A state withholding method's later methods (midYear) are whole methods: their items must
    allow exactly the method's keys (less midYear) and from/appliesBy, described alike, so a key
    added to the method cannot be forgotten there."""
    schema = contract.schemas.get("state")
    if schema is None:
        return []
    where = os.path.relpath(contract.paths["state"], ROOT)

    def find(node):
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "withholding" and isinstance(value, dict) and "certificate" in value.get("properties", {}):
                    return value
                found = find(value)
                if found is not None:
                    return found
        return None

    method = find(schema)
    if method is None or "midYear" not in method.get("properties", {}):
        return [f"{where}: the state withholding method has no midYear"]
    item = method["properties"]["midYear"].get("items", {}).get("properties", {})
    expected = {k: v for k, v in method["properties"].items() if k != "midYear"}
    problems = []
    for key in sorted(set(expected) | set(item) - {"from", "appliesBy"}):
        if item.get(key) != expected.get(key):
            problems.append(f"{where}: withholding.midYear's items differ from the method at '{key}' (a later method is a whole method: "
                            "run scripts/sync-midyear-schema.py)")
    for key in ("from", "appliesBy"):
        if key not in item:
            problems.append(f"{where}: withholding.midYear's items have no '{key}'")
    return problems


def check_openapi(contract):
    path = os.path.join(contract.dir, "openapi.yaml")
    where = os.path.relpath(path, ROOT)
    try:
        import yaml
    except ImportError:
        return [f"{where}: PyYAML is required to read it (apt-get install python3-yaml)"]
    try:
        with open(path, encoding="utf-8") as handle:
            document = yaml.safe_load(handle)
    except (OSError, yaml.YAMLError) as error:
        return [f"{where}: does not parse: {error}"]
    problems = []
    if not isinstance(document, dict) or not str(document.get("openapi", "")).startswith("3.1."):
        return [f"{where}: not an OpenAPI 3.1 document (openapi: 3.1.x)"]
    for key in ("info", "paths"):
        if key not in document:
            problems.append(f"{where}: has no {key}")
    for pointer, ref in walk_refs(document):
        target, _, fragment = ref.partition("#")
        try:
            if target == "":
                resolve_pointer(document, fragment)
            else:
                file = os.path.normpath(os.path.join(contract.dir, target))
                name = os.path.basename(file)[: -len(".schema.json")] if file.endswith(".schema.json") else None
                if name not in contract.schemas or os.path.dirname(file) != contract.schema_dir:
                    raise KeyError(f"{target} is not a schema in {os.path.relpath(contract.schema_dir, ROOT)}")
                if fragment:
                    contract.resolve(contract.schemas[name]["$id"], "#" + fragment)
        except (KeyError, IndexError, ValueError, TypeError) as error:
            problems.append(f"{where}: $ref '{ref}' at {pointer} does not resolve: {error}")
    return problems


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="Exit status: 0 valid, 1 invalid or not covered, 2 usage error or broken contract.")
    parser.add_argument("paths", nargs="*", metavar="PATH", help="a dist, a year directory or a file")
    parser.add_argument("--schema", help="validate every PATH against this schema (e.g. version, state)")
    parser.add_argument("--format", choices=["text", "json"], default="text")
    parser.add_argument("--check-schemas", action="store_true",
                        help="check the schemas (2020-12, $schema, $id, every $ref) and openapi.yaml (3.1, every $ref)")
    parser.add_argument("--contract", default=CONTRACT, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    try:
        contract = Contract(args.contract)
    except (OSError, DocumentError) as error:
        print(f"error: cannot load the contract's schemas: {error}", file=sys.stderr)
        return 2
    if args.schema is not None and args.schema not in contract.schemas:
        parser.error(f"--schema {args.schema}: not one of {', '.join(sorted(contract.schemas))}")
    if not args.paths and not args.check_schemas:
        parser.error("give a PATH to validate, or --check-schemas")

    status = 0
    if args.check_schemas:
        problems = check_schemas(contract)
        if args.format == "text":
            for problem in problems:
                print(f"error: {problem}")
            print(f"checked {len(contract.schemas)} schema(s) and openapi.yaml: {len(problems)} problem(s)")
        status = 2 if problems else 0
    results = validate(contract, args.paths, args.schema) if args.paths else []
    if args.format == "json":
        print(json.dumps({"problems": problems if args.check_schemas else [], "documents": results}, indent=2))
    else:
        for result in results:
            for error in result["errors"]:
                print(f"{result['file']}: error: [{result['schema'] or '-'}] {error['path'] or '/'}: {error['message']} ({error['keyword']})")
        if results:
            invalid = sum(1 for result in results if result["errors"])
            print(f"validated {len(results)} file(s): {invalid} invalid")
    if any(result["errors"] for result in results):
        status = max(status, 1)
    return status


if __name__ == "__main__":
    sys.exit(main())
