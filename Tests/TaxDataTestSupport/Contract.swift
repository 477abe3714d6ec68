import Foundation

/// The contract's validator (python-jsonschema's Draft202012Validator), as other platforms run it.
public let validateContractScript = packageRoot.appendingPathComponent("scripts/validate-contract.py").path

/// Runs `python3 scripts/validate-contract.py ARGUMENTS…`.
public func validateContract(_ arguments: [String]) throws -> RunResult {
    try run("/usr/bin/env", ["python3", validateContractScript] + arguments)
}

/// One document's result in `validate-contract.py --format json`.
public struct ContractResult {
    public struct Violation { public var path: String; public var keyword: String; public var message: String }
    public var file: String
    public var schema: String?
    public var errors: [Violation]
}

/// Runs the validator with `--format json` and decodes its per-file results (nil when the output is not its JSON).
public func contractResults(_ arguments: [String]) throws -> (run: RunResult, results: [ContractResult]?) {
    let result = try validateContract(["--format", "json"] + arguments)
    guard let object = try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
          let documents = object["documents"] as? [[String: Any]] else { return (result, nil) }
    let results = documents.map { document in
        ContractResult(file: document["file"] as? String ?? "", schema: document["schema"] as? String,
                       errors: (document["errors"] as? [[String: Any]] ?? []).map {
                           .init(path: $0["path"] as? String ?? "", keyword: $0["keyword"] as? String ?? "", message: $0["message"] as? String ?? "")
                       })
    }
    return (result, results)
}

/// A dist built from the real sources with the real CLI, signed with a fresh key (so it holds the
/// signature files too), in `directory/dist`.
public func buildSignedDist(in directory: URL) throws -> URL {
    let key = directory.appendingPathComponent("k.key.pem").path, pub = directory.appendingPathComponent("k.pub.pem").path
    let keygen = try spawnTaxdata("keygen", "--private", key, "--public", pub)
    guard keygen.status == 0 else { throw ContractTestError(description: "keygen: \(keygen.stdout)\(keygen.stderr)") }
    let dist = directory.appendingPathComponent("dist")
    let built = try spawnTaxdata("build", packageRoot.appendingPathComponent("TaxData").path, "--out", dist.path, "--sign-key", key)
    guard built.status == 0 else { throw ContractTestError(description: "build: \(built.stdout)\(built.stderr)") }
    return dist
}

/// Every object key anywhere in a JSON value.
public func allKeys(_ value: Any) -> Set<String> {
    if let object = value as? [String: Any] {
        return object.reduce(into: Set(object.keys)) { $0.formUnion(allKeys($1.value)) }
    }
    if let array = value as? [Any] { return array.reduce(into: []) { $0.formUnion(allKeys($1)) } }
    return []
}

public struct ContractTestError: Error, CustomStringConvertible {
    public var description: String
    public init(description: String) { self.description = description }
}

/// `root` with the value at `pointer` replaced (nil: the key removed); the parent must exist.
public func replacing(_ pointer: ArraySlice<String>, in root: Any, with value: Any?) throws -> Any {
    guard let key = pointer.first else { return value as Any }
    let rest = pointer.dropFirst()
    if var object = root as? [String: Any] {
        if rest.isEmpty {
            object[key] = value
        } else {
            guard let child = object[key] else { throw ContractTestError(description: "no key '\(key)'") }
            object[key] = try replacing(rest, in: child, with: value)
        }
        return object
    }
    if var array = root as? [Any], let index = Int(key), array.indices.contains(index) {
        if rest.isEmpty {
            if let value { array[index] = value } else { array.remove(at: index) }
        } else {
            array[index] = try replacing(rest, in: array[index], with: value)
        }
        return array
    }
    throw ContractTestError(description: "cannot step into '\(key)'")
}

/// The value at `pointer`, or nil.
public func value(at pointer: [String], in root: Any) -> Any? {
    pointer.reduce(Optional(root)) { node, key in
        if let object = node as? [String: Any] { return object[key] }
        if let array = node as? [Any], let index = Int(key), array.indices.contains(index) { return array[index] }
        return nil
    }
}
