#!/usr/bin/env python3
"""Check that a running taxdata origin answers as docs/contract/openapi.yaml says, for every file of its dist.

    python3 scripts/contract-conformance.py --url http://127.0.0.1:8080/ --dist dist [--static]

For each path the dist publishes (index.json[.sig], every year's manifest.json[.sig] and the files its
manifest lists, /v1/tax-data/<year>, /v1/tax-data/<year>/version, /<year>/sha256/<hex>), it finds the
OpenAPI operation the path belongs to (so every served path is documented) and checks, against that
operation's documented responses:

- GET: the status is documented; the Content-Type is the documented media type; the body is the file's
  exact bytes (for a dist file) and validates against the response's JSON Schema (python-jsonschema,
  through scripts/validate-contract.py); every documented response header is present and valid;
- GET with If-None-Match set to the ETag: 304, no body, the same ETag, the documented headers;
- HEAD: the same status and headers as GET, no body;
- the version endpoint's answer for the latest, an older and no `current` version;
- a year the dist does not have, and an undocumented path: 404; a POST: 405 with `Allow: GET, HEAD`.

--static: the origin is a static host (nginx with docs/nginx/taxdata.conf): the version endpoint and
/<year>/sha256/<hex> must then be 404, as the contract says.

Prints one line per failed check and a summary; exit status 0 when everything conforms, 1 otherwise,
2 on a usage error.
"""
import argparse
import hashlib
import http.client
import importlib.util
import json
import os
import re
import sys
import urllib.parse

import yaml
from jsonschema import Draft202012Validator

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("validate_contract", os.path.join(HERE, "validate-contract.py"))
validate_contract = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(validate_contract)


class Origin:
    """Plain HTTP requests to one origin (no redirects, no decompression, nothing cached)."""

    def __init__(self, url):
        parsed = urllib.parse.urlsplit(url)
        if parsed.scheme != "http" or not parsed.hostname:
            raise ValueError(f"--url must be http://host:port/, not {url}")
        self.host, self.port = parsed.hostname, parsed.port or 80

    def request(self, method, path, headers=None):
        connection = http.client.HTTPConnection(self.host, self.port, timeout=10)
        try:
            connection.request(method, path, headers=dict(headers or {}, **{"Accept-Encoding": "identity"}))
            response = connection.getresponse()
            body = response.read()
            return response.status, {k.lower(): v for k, v in response.getheaders()}, body
        finally:
            connection.close()


class Spec:
    """The OpenAPI document: operations by path template, with $refs to components resolved."""

    def __init__(self, contract):
        self.contract = contract
        with open(os.path.join(contract.dir, "openapi.yaml"), encoding="utf-8") as handle:
            self.document = yaml.safe_load(handle)
        self.templates = []
        self._validated = {}
        for template, item in self.document["paths"].items():
            pattern = re.escape(template)
            for name in set(re.findall(r"\{(\w+)\}", template)):
                escaped = re.escape("{" + name + "}")
                group = f"(?P<{name}>[^/]+)"
                pattern = pattern.replace(escaped, group, 1).replace(escaped, f"(?P={name})")
            self.templates.append((template, re.compile("^" + pattern + "$"), item))

    def deref(self, node):
        while isinstance(node, dict) and "$ref" in node and node["$ref"].startswith("#/"):
            node = validate_contract.resolve_pointer(self.document, node["$ref"][1:])
        return node

    def operation(self, path):
        """(template, GET operation) for a concrete path, or (None, None) when no path template matches."""
        matches = [(template, item) for template, regex, item in self.templates if regex.match(path)]
        # A literal path wins over a templated one (OpenAPI 3.1, Path Templating Matching).
        matches.sort(key=lambda match: match[0].count("{"))
        return (matches[0][0], matches[0][1]["get"]) if matches else (None, None)

    def response(self, operation, status):
        return self.deref(operation["responses"].get(str(status)))

    def body_errors(self, schema, document, body):
        """Violations of a response schema (a $ref to a schema file, or an inline schema of such $refs);
        the same bytes against the same schema are validated once."""
        digest = hashlib.sha256(body).hexdigest()
        key = (digest, json.dumps(schema, sort_keys=True))
        # A body already valid against one alternative of a oneOf (a file by its checksum, served
        # before under its name) needs no second pass over every alternative.
        alternatives = [json.dumps(alternative, sort_keys=True) for alternative in schema.get("oneOf", [])]
        if any(self._validated.get((digest, alternative)) == [] for alternative in alternatives):
            return []
        if key not in self._validated:
            self._validated[key] = self._body_errors(schema, document)
        return self._validated[key]

    def _body_errors(self, schema, document):
        wrapper = json.loads(json.dumps(schema).replace('"schemas/', '"' + validate_contract.ID_BASE))
        wrapper = dict(wrapper, **{"$schema": validate_contract.DIALECT, "$id": validate_contract.ID_BASE + "response.json"})
        contract = self.contract
        if contract.registry is not None:
            validator = Draft202012Validator(wrapper, registry=contract.registry, format_checker=contract.format_checker())
        else:
            resolver = validate_contract.jsonschema.RefResolver(wrapper["$id"], wrapper, store=dict(contract.by_id))
            validator = Draft202012Validator(wrapper, resolver=resolver, format_checker=contract.format_checker())
        return [f"{'/'.join(map(str, e.absolute_path)) or '/'}: {e.message}" for e in validator.iter_errors(document)]


class Checker:
    def __init__(self, origin, spec, dist, static):
        self.origin, self.spec, self.dist, self.static = origin, spec, dist, static
        self.checks = 0
        self.failures = []

    def fail(self, path, message):
        self.failures.append(f"{path}: {message}")

    def expect(self, condition, path, message):
        self.checks += 1
        if not condition:
            self.fail(path, message)
        return condition

    def headers_conform(self, path, what, response_spec, headers):
        for name, header in (response_spec.get("headers") or {}).items():
            header = self.spec.deref(header)
            value = headers.get(name.lower())
            if value is None:
                self.expect(not header.get("required"), path, f"{what}: documented header {name} is missing")
                continue
            errors = list(Draft202012Validator(header.get("schema", {})).iter_errors(value))
            self.expect(not errors, path, f"{what}: header {name}: {value!r} is not as documented ({errors[0].message if errors else ''})")

    def check(self, path, expected_status=200, file=None):
        """GET, conditional GET and HEAD of one path; returns the parsed JSON body of a 200, if any."""
        template, operation = self.spec.operation(urllib.parse.urlsplit(path).path)
        if not self.expect(operation is not None, path, "no operation in openapi.yaml describes this path"):
            return None
        status, headers, body = self.origin.request("GET", path)
        response_spec = self.spec.response(operation, status)
        self.expect(response_spec is not None, path, f"GET answered {status}, which {template} does not document")
        if not self.expect(status == expected_status, path, f"GET answered {status}, expected {expected_status}"):
            return None
        if status != 200:
            self.headers_conform(path, f"GET {status}", response_spec, headers)
            return None
        content = response_spec.get("content") or {}
        media_type = (headers.get("content-type") or "").split(";")[0].strip()
        self.expect(media_type in content, path, f"Content-Type {headers.get('content-type')!r} is not one of {sorted(content)}")
        self.headers_conform(path, "GET 200", response_spec, headers)
        if file is not None:
            with open(file, "rb") as handle:
                self.expect(body == handle.read(), path, f"the body is not the exact bytes of {os.path.relpath(file, self.dist)}")
        document = None
        try:
            document = validate_contract.json.loads(body.decode("utf-8"), parse_float=validate_contract.decimal.Decimal,
                                                    parse_constant=validate_contract._refuse_constant,
                                                    object_pairs_hook=validate_contract._no_duplicates)
        except (UnicodeDecodeError, ValueError, validate_contract.DocumentError) as error:
            self.expect(False, path, f"the body is not the contract's JSON: {error}")
        if document is not None and media_type in content:
            for error in self.spec.body_errors(content[media_type]["schema"], document, body):
                self.expect(False, path, f"the body violates its schema at {error}")
            self.checks += 1

        etag = headers.get("etag")
        if etag is not None:
            status304, headers304, body304 = self.origin.request("GET", path, {"If-None-Match": etag})
            spec304 = self.spec.response(operation, 304)
            self.expect(spec304 is not None, path, f"{template} does not document 304")
            if self.expect(status304 == 304, path, f"If-None-Match with its own ETag answered {status304}, not 304"):
                self.expect(body304 == b"", path, f"a 304 has a body of {len(body304)} bytes")
                self.expect(headers304.get("etag") == etag, path, f"the 304's ETag {headers304.get('etag')!r} is not the 200's {etag!r}")
                if spec304 is not None:
                    self.headers_conform(path, "GET 304", spec304, headers304)
            status_other, _, _ = self.origin.request("GET", path, {"If-None-Match": '"not-this-one"'})
            self.expect(status_other == 200, path, f"If-None-Match with another ETag answered {status_other}, not 200")

        status_head, headers_head, body_head = self.origin.request("HEAD", path)
        self.expect(status_head == status, path, f"HEAD answered {status_head}, GET {status}")
        self.expect(body_head == b"", path, "HEAD has a body")
        for name in ("content-type", "etag", "cache-control"):
            self.expect(headers_head.get(name) == headers.get(name), path, f"HEAD's {name} {headers_head.get(name)!r} differs from GET's {headers.get(name)!r}")
        return document

    def run(self):
        index_file = os.path.join(self.dist, "index.json")
        index = self.check("/index.json", file=index_file)
        signed = os.path.exists(os.path.join(self.dist, "index.json.sig"))
        self.check("/index.json.sig", 200 if signed else 404, os.path.join(self.dist, "index.json.sig") if signed else None)
        years = [entry["taxYear"] for entry in (index or {}).get("years", [])]
        self.expect(bool(years), "/index.json", "lists no year")
        for entry in (index or {}).get("years", []):
            year = entry["taxYear"]
            directory = os.path.join(self.dist, str(year))
            manifest = self.check(f"/{year}/manifest.json", file=os.path.join(directory, "manifest.json"))
            has_sig = os.path.exists(os.path.join(directory, "manifest.json.sig"))
            self.check(f"/{year}/manifest.json.sig", 200 if has_sig else 404,
                       os.path.join(directory, "manifest.json.sig") if has_sig else None)
            for name, checksum in sorted(((manifest or {}).get("checksums") or {}).items()):
                file = os.path.join(directory, name)
                self.check(f"/{year}/{name}", file=file)
                self.check(f"/{year}/sha256/{checksum[len('sha256:'):]}", 404 if self.static else 200, None if self.static else file)
            combined = (manifest or {}).get("files", {}).get("combined")
            self.check(f"/v1/tax-data/{year}", file=os.path.join(directory, combined) if combined else None)
            latest = str(entry["version"])
            answers = {
                f"/v1/tax-data/{year}/version?current={latest}": (False, False),
                f"/v1/tax-data/{year}/version": (True, False),
                f"/v1/tax-data/{year}/version?current={year}.0.0": (latest != f"{year}.0.0", latest.split(".")[1] != "0"),
            }
            for path, (has_update, required) in answers.items():
                answer = self.check(path, 404 if self.static else 200)
                if answer is not None:
                    self.expect(answer.get("latestVersion") == latest, path, f"latestVersion {answer.get('latestVersion')!r}, expected {latest}")
                    self.expect(answer.get("hasUpdate") == has_update, path, f"hasUpdate {answer.get('hasUpdate')!r}, expected {has_update}")
                    self.expect(answer.get("isRequired") == required, path, f"isRequired {answer.get('isRequired')!r}, expected {required}")
        missing = next(year for year in range(1900, 10000) if year not in years)
        for template, _, _ in self.spec.templates:
            if "{year}" in template:
                path = template.replace("{year}", str(missing)).replace("{hex}", "0" * 64)
                self.check(path, 404)
        status, headers, _ = self.origin.request("GET", "/no-such-path.json")
        self.expect(status == 404, "/no-such-path.json", f"an undocumented path answered {status}, not 404")
        status, headers, _ = self.origin.request("POST", "/index.json")
        self.expect(status == 405, "POST /index.json", f"answered {status}, not 405")
        allowed = {method.strip() for method in headers.get("allow", "").split(",")}
        self.expect(allowed == {"GET", "HEAD"}, "POST /index.json", f"Allow is {headers.get('allow')!r}, not GET, HEAD")
        return self.failures


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], epilog="Exit status: 0 conforms, 1 does not, 2 usage error.")
    parser.add_argument("--url", required=True, help="the origin, e.g. http://127.0.0.1:8080/")
    parser.add_argument("--dist", required=True, help="the dist the origin serves")
    parser.add_argument("--static", action="store_true", help="a static host: no version endpoint, no /<year>/sha256/<hex>")
    args = parser.parse_args(argv)
    if not os.path.isfile(os.path.join(args.dist, "index.json")):
        parser.error(f"{args.dist} is not a dist (no index.json)")
    try:
        origin = Origin(args.url)
    except ValueError as error:
        parser.error(str(error))
    checker = Checker(origin, Spec(validate_contract.Contract()), args.dist, args.static)
    try:
        failures = checker.run()
    except OSError as error:
        print(f"error: cannot reach {args.url}: {error}")
        return 1
    for failure in failures:
        print(f"FAIL {failure}")
    print(f"{'static host' if args.static else 'server'} {args.url}: {checker.checks} checks, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
