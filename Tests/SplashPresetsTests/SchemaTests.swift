import Foundation
import SplashModel
import Testing

@testable import SplashPresets

/// `presets/schema.json` is the JSON Schema editors use to check and complete presets; the
/// compiler is the authority on the format. These tests fail when the two drift apart: a key
/// path, a layer key or an enum case added to the compiler must be added to the schema too.
@Suite("presets/schema.json stays in step with the preset compiler")
struct SchemaTests {
  /// The repository root: this file is `Tests/SplashPresetsTests/SchemaTests.swift`.
  static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let schemaFile = repository.appendingPathComponent("presets/schema.json")

  /// The parsed schema document.
  private func schema() throws -> [String: Any] {
    let data = try Data(contentsOf: Self.schemaFile)
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "the schema is a JSON object")
  }

  /// The schema's `$defs`.
  private func definitions() throws -> [String: Any] {
    try #require(try schema()["$defs"] as? [String: Any], "the schema has $defs")
  }

  /// The `enum` of the definition `name` as a set of strings.
  private func enumeration(_ name: String) throws -> Set<String> {
    let definition = try #require(try definitions()[name] as? [String: Any], "$defs.\(name) exists")
    let cases = try #require(definition["enum"] as? [String], "$defs.\(name) has an enum of strings")
    #expect(Set(cases).count == cases.count, "$defs.\(name) lists no case twice")
    return Set(cases)
  }

  /// The `if: { properties: { type: { const: … } } }` / `then` branches of a definition's
  /// `allOf`, as (type, then).
  private func branchesByType(_ name: String) throws -> [(type: String, then: [String: Any])] {
    let definition = try #require(try definitions()[name] as? [String: Any], "$defs.\(name) exists")
    let allOf = try #require(definition["allOf"] as? [Any], "$defs.\(name) has allOf")
    return allOf.compactMap { entry in
      guard let entry = entry as? [String: Any], let condition = entry["if"] as? [String: Any],
        let properties = condition["properties"] as? [String: Any],
        let type = (properties["type"] as? [String: Any])?["const"] as? String,
        let then = entry["then"] as? [String: Any]
      else { return nil }
      return (type, then)
    }
  }

  private func propertyNames(_ object: [String: Any]) -> Set<String> {
    Set((object["properties"] as? [String: Any]).map { Array($0.keys) } ?? [])
  }

  @Test("the schema parses as a draft 2020-12 JSON Schema with an id, title and description")
  func parses() throws {
    let schema = try schema()
    #expect(schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
    #expect((schema["$id"] as? String)?.isEmpty == false)
    #expect((schema["title"] as? String)?.isEmpty == false)
    #expect((schema["description"] as? String)?.isEmpty == false)
    let topLevel = propertyNames(schema)
    #expect(topLevel == ["schemaVersion", "description", "parameters", "canvas", "clip", "define", "layers", "sequence"])
    // A sequence's clip is its scenes: clip and layers are required only without one.
    #expect(schema["required"] as? [String] == ["schemaVersion", "canvas"])
    let properties = try #require(schema["properties"] as? [String: Any])
    let sequence = try #require(properties["sequence"] as? [String: Any])
    let scene = try #require(sequence["items"] as? [String: Any])
    #expect(propertyNames(scene) == ["id", "file", "duration", "loops", "segment", "speed", "gravity", "transition"])
    #expect(schema["additionalProperties"] as? Bool == false)
    let version = try #require(schema["properties"] as? [String: Any])["schemaVersion"] as? [String: Any]
    #expect((version?["const"] as? NSNumber)?.intValue == PresetCompiler.schemaVersion)
  }

  @Test("the key path enum is exactly LayerKeyPath's raw values")
  func keyPaths() throws {
    #expect(try enumeration("keyPath") == Set(LayerKeyPath.allCases.map(\.rawValue)))
  }

  @Test("the layer keys are LayerCompiler.commonKeys plus every type's keysByKind")
  func layerKeys() throws {
    let definitions = try definitions()
    let layerProperties = try #require(definitions["layerProperties"] as? [String: Any])
    let branches = try branchesByType("layerProperties")
    let allKeys = branches.reduce(propertyNames(layerProperties)) { $0.union(propertyNames($1.then)) }
    let compilerKeys = LayerCompiler.keysByKind.values.reduce(LayerCompiler.commonKeys) { $0.union($1) }
    #expect(allKeys == compilerKeys)

    // Key by key: CALayer's keys on every layer, each type's own keys only in its branch.
    #expect(propertyNames(layerProperties) == LayerCompiler.commonKeys)
    #expect(Set(branches.map(\.type)) == Set(LayerKind.allCases.map(\.rawValue)))
    for (type, then) in branches {
      let kind = try #require(LayerKind(rawValue: type))
      #expect(propertyNames(then) == LayerCompiler.keysByKind[kind] ?? [], "keys of type \"\(type)\"")
    }
    // The closed layer objects reject what these do not list.
    for name in ["layer", "gridCellLayer"] {
      #expect((definitions[name] as? [String: Any])?["unevaluatedProperties"] as? Bool == false, "$defs.\(name) is closed")
    }
  }

  @Test("each closed set's enum matches its Swift enum's cases")
  func enums() throws {
    #expect(try enumeration("fillMode") == Set(FillMode.allCases.map(\.rawValue)))
    #expect(try enumeration("calculationMode") == Set(CalculationMode.allCases.map(\.rawValue)))
    #expect(try enumeration("lineCap") == Set(LineCap.allCases.map(\.rawValue)))
    #expect(try enumeration("lineJoin") == Set(LineJoin.allCases.map(\.rawValue)))
    #expect(try enumeration("fillRule") == Set(FillRule.allCases.map(\.rawValue)))
    #expect(try enumeration("textAlignment") == Set(TextStyle.Alignment.allCases.map(\.rawValue)))
    #expect(try enumeration("gradientType") == Set(GradientStyle.Kind.allCases.map(\.rawValue)))
    #expect(try enumeration("contentsGravity") == Set(LayerContents.Gravity.allCases.map(\.rawValue)))
    #expect(try enumeration("rotationMode") == Set(KeyframePath.RotationMode.allCases.map(\.rawValue)))
    #expect(try enumeration("compositingFilter") == Set(BlendMode.allCases.map(\.rawValue)))
    #expect(try enumeration("maskMode") == Set(MaskMode.allCases.map(\.rawValue)))
    #expect(try enumeration("layerType") == Set(LayerKind.allCases.map(\.rawValue)))
    #expect(try enumeration("parameterType") == Set(PresetParameter.Kind.allCases.map(\.rawValue)))
  }

  @Test("the grid keys are GridExpander.keys")
  func gridKeys() throws {
    let grid = try #require(try definitions()["grid"] as? [String: Any])
    #expect(propertyNames(grid) == GridExpander.keys)
  }

  @Test("define holds the compiler's kinds of definition, named as it names them, and every slot takes a use")
  func definitionsAndUses() throws {
    let schema = try schema()
    let define = try #require((schema["properties"] as? [String: Any])?["define"] as? [String: Any])
    #expect(propertyNames(define) == Definitions.keys)
    #expect(define["additionalProperties"] as? Bool == false)
    let definitions = try definitions()
    let name = try #require(definitions["definitionName"] as? [String: Any])
    #expect(name["pattern"] as? String == Definitions.namePattern)
    for slot in ["layer", "gridCellLayer", "layerDefinition", "animation", "gridCellAnimation"] {
      let slotDefinition = try #require(definitions[slot] as? [String: Any], "$defs.\(slot)")
      #expect(propertyNames(slotDefinition).contains("use"), "$defs.\(slot) takes a use")
    }
  }

  @Test("each layer type may animate only the key paths LayerKeyPath.layerKinds gives it")
  func keyPathsByLayerType() throws {
    let definitions = try definitions()
    for kind in LayerKind.allCases {
      let name = "animationsOn\(kind.rawValue.prefix(1).uppercased())\(kind.rawValue.dropFirst())Layer"
      let list = try #require(definitions[name] as? [String: Any], "$defs.\(name) exists")
      let items = try #require(list["items"] as? [String: Any])
      let keyPath = try #require((items["properties"] as? [String: Any])?["keyPath"] as? [String: Any])
      let refused = try #require((keyPath["not"] as? [String: Any])?["enum"] as? [String])
      let expected = LayerKeyPath.allCases.filter { !$0.layerKinds.contains(kind) }.map(\.rawValue)
      #expect(Set(refused) == Set(expected), "key paths refused on \"\(kind.rawValue)\" layers")
    }
  }

  @Test("animation values take the kind of value each key path animates")
  func valueKinds() throws {
    func definition(for keyPath: LayerKeyPath) -> String {
      if keyPath.isAngle { return "angle" }
      if keyPath.rawValue == "hidden" { return "hiddenValue" }
      switch keyPath.valueKind {
      case .scalar: return "number"
      case .point: return "point"
      case .size: return "offset"
      case .rect: return "rect"
      case .color: return "color"
      case .transform: return "transform"
      case .path: return "path"
      case .numbers: return "numberList"
      case .colors: return "colorList"
      }
    }
    let definitions = try definitions()
    // basicAnimationValues constrains fromValue; keyframeAnimationValues the items of values.
    for (table, valuePath) in [("basicAnimationValues", ["fromValue"]), ("keyframeAnimationValues", ["values", "items"])] {
      let rules = try #require((definitions[table] as? [String: Any])?["allOf"] as? [Any], "$defs.\(table).allOf")
      var found: [String: String] = [:]
      for rule in rules {
        let rule = try #require(rule as? [String: Any])
        let condition = try #require((rule["if"] as? [String: Any])?["properties"] as? [String: Any])
        let keyPaths = try #require((condition["keyPath"] as? [String: Any])?["enum"] as? [String])
        var value: Any? = (rule["then"] as? [String: Any])?["properties"]
        for key in valuePath { value = (value as? [String: Any])?[key] }
        let reference = try #require((value as? [String: Any])?["$ref"] as? String, "\(table): \(keyPaths)")
        for keyPath in keyPaths {
          #expect(found[keyPath] == nil, "\(table) lists \(keyPath) once")
          found[keyPath] = String(reference.dropFirst("#/$defs/".count))
        }
      }
      for keyPath in LayerKeyPath.allCases {
        #expect(found[keyPath.rawValue] == definition(for: keyPath), "\(table): values of \"\(keyPath.rawValue)\"")
      }
    }
  }
}
