import Foundation
import Testing

@testable import SplashCLI

/// The recipes of docs/scale-out.md that cannot run here (no Kubernetes, no container engine),
/// checked as far as a file can be: the Indexed Job against the Job and Pod fields it uses and
/// against splashvid's own parser, the Containerfile against the build the README makes.
@Suite("docs/scale-out.md: the Kubernetes Indexed Job and the Containerfile")
struct ScaleOutRecipeTests {
  private static let docs = BinaryRunner.repository.appendingPathComponent("docs")

  /// The fields a Job of the recipe may use, by where they sit, and what each holds
  /// (Kubernetes API reference: Job v1 batch, PodSpec, Container, VolumeMount, Volume).
  private static let fields: [String: [String: String]] = [
    "": ["apiVersion": "text", "kind": "text", "metadata": "object", "spec": "object"],
    "metadata": ["name": "text", "namespace": "text", "labels": "object", "annotations": "object"],
    "spec": [
      "completionMode": "text", "completions": "integer", "parallelism": "integer", "backoffLimit": "integer",
      "backoffLimitPerIndex": "integer", "maxFailedIndexes": "integer", "activeDeadlineSeconds": "integer",
      "ttlSecondsAfterFinished": "integer", "suspend": "boolean", "template": "object",
    ],
    "spec.template": ["metadata": "object", "spec": "object"],
    "spec.template.spec": [
      "restartPolicy": "text", "containers": "list", "volumes": "list", "nodeSelector": "object", "tolerations": "list",
      "serviceAccountName": "text", "securityContext": "object",
    ],
    "spec.template.spec.containers": [
      "name": "text", "image": "text", "imagePullPolicy": "text", "command": "list", "args": "list", "env": "list",
      "workingDir": "text", "resources": "object", "volumeMounts": "list", "securityContext": "object",
    ],
    "spec.template.spec.containers.resources": ["requests": "object", "limits": "object"],
    "spec.template.spec.containers.resources.requests": ["cpu": "text", "memory": "text", "ephemeral-storage": "text"],
    "spec.template.spec.containers.resources.limits": ["cpu": "text", "memory": "text", "ephemeral-storage": "text"],
    "spec.template.spec.containers.volumeMounts": [
      "name": "text", "mountPath": "text", "readOnly": "boolean", "subPath": "text",
    ],
    "spec.template.spec.volumes": [
      "name": "text", "configMap": "object", "persistentVolumeClaim": "object", "nfs": "object", "emptyDir": "object",
    ],
    "spec.template.spec.volumes.configMap": ["name": "text", "items": "list", "defaultMode": "integer", "optional": "boolean"],
    "spec.template.spec.volumes.persistentVolumeClaim": ["claimName": "text", "readOnly": "boolean"],
    "spec.template.spec.volumes.nfs": ["server": "text", "path": "text", "readOnly": "boolean"],
  ]

  /// The manifest, read by a YAML parser (PyYAML) and handed over as JSON.
  private func job() throws -> [String: Any] {
    let file = Self.docs.appendingPathComponent("splashvid-indexed-job.yaml")
    let read = try BinaryRunner.run(
      ["-c", "import json, sys, yaml; json.dump(yaml.safe_load(open(sys.argv[1])), sys.stdout)", file.path],
      in: Self.docs, executable: URL(fileURLWithPath: "/usr/bin/python3"))
    try #require(read.exitCode == 0, "not YAML: \(read.standardError)")
    return try #require(try JSONSerialization.jsonObject(with: Data(read.standardOutput.utf8)) as? [String: Any])
  }

  /// Every field of `value` (at `path`) and below that the schema above does not name, or
  /// names with another kind of value.
  private func strayFields(_ value: [String: Any], at path: String) -> [String] {
    guard let allowed = Self.fields[path] else { return [] }
    var stray: [String] = []
    for (key, field) in value {
      let place = path.isEmpty ? key : "\(path).\(key)"
      guard let kind = allowed[key] else {
        stray.append("\(place): not a field here")
        continue
      }
      let found: String
      switch field {
      case is String: found = "text"
      // A JSON true or false is a Bool, not an Int; a whole number is an Int, not a Bool.
      case is Bool: found = "boolean"
      case is Int: found = "integer"
      case is Double: found = "number"
      case is [Any]: found = "list"
      case is [String: Any]: found = "object"
      default: found = "null"
      }
      if found != kind { stray.append("\(place): expected \(kind), found \(found)") }
      if let object = field as? [String: Any] { stray += strayFields(object, at: place) }
      if let list = field as? [Any] {
        for element in list { if let object = element as? [String: Any] { stray += strayFields(object, at: place) } }
      }
    }
    return stray
  }

  @Test("the Indexed Job names only Job and Pod fields, each holding its kind of value")
  func jobSchema() throws {
    let job = try job()
    #expect(strayFields(job, at: "") == [])
    #expect(job["apiVersion"] as? String == "batch/v1" && job["kind"] as? String == "Job")
    // And the schema check itself catches a misspelt field and a wrong kind of value.
    var broken = job
    var spec = try #require(job["spec"] as? [String: Any])
    spec["completion"] = 4
    spec["parallelism"] = "four"
    broken["spec"] = spec
    #expect(
      strayFields(broken, at: "").sorted() == ["spec.completion: not a field here", "spec.parallelism: expected integer, found text"])
  }

  @Test("the Indexed Job runs batch --shard auto/COUNT with COUNT its completions, on a shared writable volume")
  func jobRunsShards() throws {
    let job = try job()
    let spec = try #require(job["spec"] as? [String: Any])
    #expect(spec["completionMode"] as? String == "Indexed")
    let completions = try #require(spec["completions"] as? Int)
    let pod = try #require((spec["template"] as? [String: Any])?["spec"] as? [String: Any])
    #expect(["OnFailure", "Never"].contains(pod["restartPolicy"] as? String))
    let container = try #require((pod["containers"] as? [[String: Any]])?.first)
    #expect((container["image"] as? String)?.isEmpty == false)
    let arguments = try #require(container["args"] as? [String])
    let volumes = try #require(pod["volumes"] as? [[String: Any]])
    let mounts = try #require(container["volumeMounts"] as? [[String: Any]])

    // What splashvid makes of the arguments in pod 2, $(JOB_COMPLETION_INDEX) expanded as
    // Kubernetes expands it.
    #expect(arguments.first == "batch")
    let expanded = arguments.dropFirst().map { $0.replacingOccurrences(of: "$(JOB_COMPLETION_INDEX)", with: "2") }
    let command = try BatchCommand(Array(expanded), environment: ["JOB_COMPLETION_INDEX": "2"])
    #expect(command.job.shard?.index == 2 && command.job.shard?.count == completions)
    #expect(arguments.contains("auto/\(completions)"))

    /// The volume mounted at the folder holding `path`, and whether the pod may write there.
    func volume(holding path: String) -> (volume: [String: Any], writable: Bool)? {
      let mount = mounts.filter { path.hasPrefix((($0["mountPath"] as? String) ?? "?") + "/") || path == $0["mountPath"] as? String }
        .max { (($0["mountPath"] as? String) ?? "").count < (($1["mountPath"] as? String) ?? "").count }
      guard let mount, let name = mount["name"] as? String, let volume = volumes.first(where: { $0["name"] as? String == name })
      else { return nil }
      return (volume, mount["readOnly"] as? Bool != true)
    }
    // Clips and reports go to a claim every pod shares, writable; each pod has its own report.
    let clips = try #require(volume(holding: command.job.outputFolder), "no volume at -o \(command.job.outputFolder)")
    #expect(clips.writable && clips.volume["persistentVolumeClaim"] != nil)
    let report = try #require(command.job.reportPath)
    #expect(arguments.contains { $0.contains("$(JOB_COMPLETION_INDEX)") && $0.hasSuffix(".json") })
    let reports = try #require(volume(holding: report), "no volume at --report \(report)")
    #expect(reports.writable && reports.volume["persistentVolumeClaim"] != nil)
    // The presets and the manifest are mounted too.
    #expect(volume(holding: command.job.folder) != nil)
    #expect(volume(holding: try #require(command.job.manifest)) != nil)
    let mountedVolumes = Set(mounts.compactMap { $0["name"] as? String })
    #expect(mountedVolumes.isSubset(of: Set(volumes.compactMap { $0["name"] as? String })))
  }

  @Test("docs/scale-out.md shows the manifest file as it is")
  func documentedManifestIsTheFile() throws {
    let guide = try String(contentsOf: Self.docs.appendingPathComponent("scale-out.md"), encoding: .utf8)
    let file = try String(contentsOf: Self.docs.appendingPathComponent("splashvid-indexed-job.yaml"), encoding: .utf8)
    #expect(guide.contains("```yaml\n" + file + "```\n"))
  }

  @Test("the Containerfile builds what the README builds, with this toolchain, and installs presets where they are found")
  func containerfile() throws {
    let lines = try String(contentsOf: Self.docs.appendingPathComponent("Containerfile"), encoding: .utf8)
      .split(separator: "\n").map(String.init)
    let build = try String(contentsOf: BinaryRunner.repository.appendingPathComponent("ci/build.sh"), encoding: .utf8)
    // The same release build as ci/build.sh, which the README's first command runs.
    let command = "swift build -c release --product splashvid"
    #expect(build.contains(command))
    #expect(lines.contains { $0.hasPrefix("RUN ci/install-deps.sh && \(command)") })
    // The build image's Swift is the toolchain CI tests with (major.minor).
    let version = try BinaryRunner.run(
      ["swift", "--version"], in: Self.docs, executable: URL(fileURLWithPath: "/usr/bin/env"))
    let toolchain = try #require(
      version.standardOutput.firstMatch(of: /Swift version (\d+\.\d+)/).map { String($0.1) }, "\(version.standardOutput)")
    #expect(lines.contains("FROM swift:\(toolchain)-bookworm AS build"), "the build image is not Swift \(toolchain)")
    // The runtime image is prepared by the script CI runs.
    #expect(lines.contains { $0.contains("install-deps.sh --runtime") })

    // The binary and the presets land where PresetLibrary looks: BIN/../share/splashvid/presets.
    func destination(of source: String) throws -> String {
      let line = try #require(lines.first { $0.hasPrefix("COPY ") && $0.contains(" \(source) ") }, "nothing copies \(source)")
      return try #require(line.split(separator: " ").last.map(String.init))
    }
    let binary = try destination(of: "/src/.build/release/splashvid")
    let presets = try destination(of: "presets")
    let binaryFolder = (binary as NSString).deletingLastPathComponent
    #expect(presets == ((binaryFolder as NSString).deletingLastPathComponent as NSString).appendingPathComponent("share/splashvid/presets"))
    #expect(lines.contains("ENV PATH=\(binaryFolder):$PATH"))
    // The usage line at the top renders the presets the image holds.
    let usage = try #require(lines.first { $0.contains("docker run") })
    #expect(usage.contains("splashvid batch \(presets) -o "), "\(usage)")
  }
}
