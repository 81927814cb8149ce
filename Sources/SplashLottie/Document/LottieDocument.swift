import SplashCore

/// A Lottie document read whole, the first of the compiler's two stages: every value it draws
/// typed and checked, with the JSON paths messages name, and what it asks for that splashvid
/// does not draw noted in the context's warnings. Building the layers from it is the second
/// stage (`LottieLowering`, `LottieLayerBuilder`).
///
/// Precompositions are read once however often they are used; only those the layers use
/// (directly or through other precompositions) are read, and likewise the image assets, so a
/// file's unused leftovers neither warn nor fail.
struct LottieDocument {
  /// `fr`: frames per second.
  var framesPerSecond: Double
  /// `ip`, `op`: the frames of one loop, `op` excluded.
  var inPoint: Double
  var outPoint: Double
  /// `w` × `h`: the canvas, in points.
  var size: Size
  /// The root composition's layers, top first.
  var layers: [LottieLayer]
  /// The precompositions the layers use, by asset id.
  var precompositions: [String: [LottieLayer]]
  /// The image assets the layers use, by asset id.
  var imageAssets: [String: LottieImageAsset]
  /// The fonts and glyphs text layers draw with.
  var fonts: LottieFonts
  /// `markers`: named places of the timeline, the parts `--segment` takes.
  var markers: [LottieMarker]

  /// Reads the document at `root`.
  ///
  /// - Throws: `DocumentError` naming the JSON path of what is malformed.
  init(_ root: LottieCursor, context: LottieContext) throws {
    guard root.isObject else { throw root.error(expected: "a Lottie document (an object)") }
    framesPerSecond = try root.required("fr").number(in: 1...1_000, expected: "a frame rate from 1 to 1000")
    let frames = context.limits.frameNumbers
    let frameRange = -frames...frames
    inPoint = try root.required("ip").number(in: frameRange, expected: "a frame number from -\(Int(frames)) to \(Int(frames))")
    let outCursor = try root.required("op")
    outPoint = try outCursor.number(in: frameRange, expected: "a frame number from -\(Int(frames)) to \(Int(frames))")
    guard outPoint > inPoint else { throw outCursor.error(expected: "an out point after the in point (\(inPoint))") }
    // The file's fault, not the command line's: a composition hours long is no animation a
    // player shows, and its frames would only be refused later as too many for a clip.
    let seconds = context.limits.compositionSeconds
    guard (outPoint - inPoint) / framesPerSecond <= seconds else {
      throw outCursor.error(
        expected: "a composition at most \(Int(seconds)) s long (op − ip frames at fr \(framesPerSecond) a second)")
    }
    let width = try root.required("w").number(in: 1...10_000, expected: "a width from 1 to 10000")
    let height = try root.required("h").number(in: 1...10_000, expected: "a height from 1 to 10000")
    size = Size(width: width, height: height)

    var precompositionLists: [String: LottieCursor] = [:]
    var imageCursors: [String: LottieCursor] = [:]
    for asset in try root["assets"]?.array() ?? [] {
      guard let id = try asset["id"]?.string() else { continue }
      if let layers = asset["layers"] { precompositionLists[id] = layers } else if asset["p"] != nil { imageCursors[id] = asset }
    }
    fonts = try LottieFonts(root: root, context: context)
    markers = LottieMarker.list(root, context: context)
    layers = try LottieLayer.list(try root.required("layers"), context: context)

    // The precompositions the layers reach, read in the order they are first named.
    var precompositions: [String: [LottieLayer]] = [:]
    var pending = layers.compactMap(\.precompositionName)
    var imageNames = Self.imageNames(layers)
    while !pending.isEmpty {
      let name = pending.removeFirst()
      guard precompositions[name] == nil, let list = precompositionLists[name] else { continue }
      let read = try LottieLayer.list(list, context: context)
      precompositions[name] = read
      pending += read.compactMap(\.precompositionName)
      imageNames += Self.imageNames(read)
    }
    self.precompositions = precompositions
    var imageAssets: [String: LottieImageAsset] = [:]
    for name in imageNames where imageAssets[name] == nil {
      if let cursor = imageCursors[name] { imageAssets[name] = try LottieImageAsset(cursor) }
    }
    self.imageAssets = imageAssets
  }

  /// The image asset ids `layers` show.
  private static func imageNames(_ layers: [LottieLayer]) -> [String] {
    layers.compactMap { layer in
      guard case .image(let reference) = layer.content else { return nil }
      return try? reference.string()
    }
  }
}
