import SplashCore
import SplashRaster

/// Each shape layer's fill and stroke coverage from the last frame that drew it, laid again
/// while nothing that decides it has changed (see `CoverageRecording`).
///
/// An entry is found by the layer's place (or id) and paint (fill or stroke), and used only when every
/// input of the rasterizer is equal: the path, the fill rule or stroke style, the matrix into
/// the target's pixels, the cut, the target's columns and its surface's rows (a recording
/// covers every row of the surface, and is laid in the rows the clip leaves: each row's
/// coverage is its own). Its pixels are then those
/// of rasterizing again, to the bit. A shape whose inputs changed since its last frame is
/// drawn straight, without recording, until they hold still again: recording what moves every
/// frame would only cost.
///
///     frame:        1          2            3           4 …
///     still shape:  record     lay          lay         lay
///     moving shape: record     draw         draw        draw (inputs noted each frame)
///     comes to rest:           draw         record      lay
///
/// A shape also keeps its outline in its path's space (`ShapeOutline`: a fill's flattened
/// subpaths, a stroke's outline), used again while its path, stroke style and flattening
/// tolerance are equal: a shape that moves or turns is then only mapped and swept each frame,
/// not flattened and outlined. The outline is a function of those inputs alone, so the
/// polygons, and the pixels, are those of outlining afresh.
///
///     frame:           1          2           3           4 …
///     moving shape:    outline    map         map         map
///     growing shape:   outline    outline     outline     outline (its tolerance changes)
///     morphing shape:  outline    outline     outline     outline
///
/// Entries of layers not drawn in a frame are dropped after it, and a frame keeps at most
/// `byteLimit` bytes of recordings and as many of outlines. One cache belongs to one backend
/// (one worker).
final class ShapeCoverageCache {
  /// A shape layer's fill or its stroke.
  struct Key: Hashable {
    var layer: Layer
    var isStroke: Bool

    /// Which shape layer: its place in the display list (`DisplayNode.slot`), or its id where
    /// the list numbers no places.
    ///
    /// By place, each layer has an entry of its own: a Lottie repeater's copies hold layers of
    /// the same ids, whose one entry each copy overwrote in turn, so no copy's coverage was
    /// ever laid again; and a number is hashed and compared at once, where an id cost some
    /// 800 instructions a lookup.
    ///
    /// An id is hashed and compared by its bytes: `String` hashes and compares by Unicode
    /// canonical equivalence, normalizing an id that is not all ASCII first (a Lottie id such
    /// as "Précomp. 2 #2/ronddiminue #49/…/shape 1" took about 2,000 instructions a hash). The
    /// ids come from one scene, so the same layer's id has the same bytes in every frame; two
    /// ids that only normalize alike are two keys, each with its own entry.
    enum Layer {
      case slot(Int)
      case id(String)
    }

    func hash(into hasher: inout Hasher) {
      switch layer {
      case .slot(let slot): hasher.combine(slot)
      case .id(var id): id.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
      }
      hasher.combine(isStroke)
    }

    static func == (lhs: Key, rhs: Key) -> Bool {
      guard lhs.isStroke == rhs.isStroke else { return false }
      switch (lhs.layer, rhs.layer) {
      case (.slot(let left), .slot(let right)): return left == right
      case (.id(var left), .id(var right)):
        return left.withUTF8 { leftBytes in
          right.withUTF8 { rightBytes in
            leftBytes.count == rightBytes.count
              && (leftBytes.baseAddress == rightBytes.baseAddress || leftBytes.elementsEqual(rightBytes))
          }
        }
      default: return false
      }
    }
  }

  /// Everything the rasterizer's coverage depends on.
  struct Inputs: Equatable {
    var paint: CairoBackend.ShapePaint
    var toTarget: AffineTransform
    var cut: CoverageRasterizer.Cut?
    var columns: Range<Int>
    var rows: Range<Int>

    /// The cheap parts first: a shape that moved differs in its matrix, and its path (which
    /// may be long) is then never compared.
    static func == (lhs: Inputs, rhs: Inputs) -> Bool {
      lhs.toTarget == rhs.toTarget && lhs.columns == rhs.columns && lhs.rows == rhs.rows && lhs.cut == rhs.cut
        && lhs.paint == rhs.paint
    }
  }

  /// A shape's outline and what it was outlined from.
  ///
  /// A class: an outline is handed between a shape's entry and the last ones made several
  /// times a shape, and a struct's copy retained and released its path, style and outline
  /// each time, about 1 % of a frame of 5344-honey-sack-hud's 78 shapes.
  fileprivate final class KeptOutline {
    let path: Path
    /// The stroke's style; `nil` for a fill.
    let style: StrokeStyle?
    let tolerance: Double
    let outline: ShapeOutline

    init(path: Path, style: StrokeStyle?, tolerance: Double, outline: ShapeOutline) {
      self.path = path
      self.style = style
      self.tolerance = tolerance
      self.outline = outline
    }

    /// Points and polygon ends.
    var byteCount: Int { outline.byteCount }
  }

  /// One shape's inputs as last drawn, and the recording and outline kept for it.
  ///
  /// A class, so that a lookup reads and writes its fields where they are: through the
  /// dictionary, a struct entry was copied out whole at each read (its path, style,
  /// recording and outline each retained and released), several times for every shape of
  /// every frame. `use` hands it back, so that keeping a shape's recording and outline looks
  /// nothing up again.
  final class Entry {
    fileprivate var inputs: Inputs
    fileprivate var recording: CoverageRecording?
    fileprivate var outline: KeptOutline?
    fileprivate var lastFrame: Int

    init(inputs: Inputs, recording: CoverageRecording?, lastFrame: Int) {
      self.inputs = inputs
      self.recording = recording
      self.lastFrame = lastFrame
    }
  }

  private var entries: [Key: Entry] = [:]
  /// The fill's and the stroke's outline made or used last in this frame (see
  /// `outline(in:path:style:tolerance:outline:)`).
  private var lastOutlines: [KeptOutline?] = [nil, nil]
  private var frame = 0
  private var heldBytes = 0
  private var heldOutlineBytes = 0
  /// The most bytes recordings may hold; the backend sets it to one frame's pixels.
  var byteLimit = 0

  /// What to do with a shape's coverage this frame.
  enum Use {
    /// Lay this recording: nothing changed since it was made.
    case lay(CoverageRecording)
    /// Rasterize and record it (`keep` the result in the entry).
    case record(Entry)
    /// Rasterize it straight: it is changing.
    case draw(Entry)
  }

  /// What to do with the shape `key` whose rasterizer inputs are `inputs`, noting them.
  func use(for key: Key, inputs: Inputs) -> Use {
    guard let entry = entries[key] else {
      let made = Entry(inputs: inputs, recording: nil, lastFrame: frame)
      entries[key] = made
      return .record(made)
    }
    let wasDrawnLastFrame = entry.lastFrame >= frame - 1
    entry.lastFrame = frame
    guard entry.inputs == inputs else {
      entry.inputs = inputs
      if let recording = entry.recording {
        heldBytes -= recording.byteCount
        entry.recording = nil
      }
      return .draw(entry)
    }
    if let recording = entry.recording { return .lay(recording) }
    return wasDrawnLastFrame ? .record(entry) : .draw(entry)
  }

  /// Keeps `recording` in `entry` (`use` handed it out this frame), when it fits.
  func keep(_ recording: CoverageRecording, in entry: Entry) {
    guard entry.recording == nil, heldBytes + recording.byteCount <= byteLimit else { return }
    heldBytes += recording.byteCount
    entry.recording = recording
  }

  /// The outline of the shape of `entry` (`use` handed it out this frame) of `path`, stroked
  /// in `style` (`nil` for a fill), flattened to `tolerance`: the one kept for it when all
  /// three are equal, or the fill's or stroke's outline made or used last for any shape when
  /// they are equal to its, else `outline()`; kept when it fits.
  ///
  /// The last ones serve a Lottie repeater's copies: each has an entry of its own (its own
  /// place), they fill and stroke the same path one after the other, and a path that changes
  /// from frame to frame is then outlined once a frame, not once a copy.
  func outline(
    in entry: Entry, path: Path, style: StrokeStyle?, tolerance: Double, outline: () -> ShapeOutline
  ) -> ShapeOutline {
    // The fill's last outline, or the stroke's.
    let kind = style == nil ? 0 : 1
    if let kept = entry.outline {
      // The cheap comparisons first; a path kept from the last frame is mostly the same
      // storage, which `==` tells at once.
      if kept.tolerance == tolerance, kept.style == style, kept.path == path {
        outlinesReused += 1
        lastOutlines[kind] = kept
        return kept.outline
      }
      heldOutlineBytes -= kept.byteCount
      entry.outline = nil
    }
    let made: KeptOutline
    if let last = lastOutlines[kind], last.tolerance == tolerance, last.style == style, last.path == path {
      outlinesReused += 1
      made = last
    } else {
      made = KeptOutline(path: path, style: style, tolerance: tolerance, outline: outline())
      lastOutlines[kind] = made
    }
    if heldOutlineBytes + made.byteCount <= byteLimit {
      heldOutlineBytes += made.byteCount
      entry.outline = made
    }
    return made.outline
  }

  /// Drops the entries of shapes the frame just drawn did not draw.
  func endFrame() {
    let drawnFrame = frame
    frame += 1
    lastOutlines[0] = nil
    lastOutlines[1] = nil
    guard entries.contains(where: { $0.value.lastFrame != drawnFrame }) else { return }
    entries = entries.filter { $0.value.lastFrame == drawnFrame }
    heldBytes = entries.values.reduce(0) { $0 + ($1.recording?.byteCount ?? 0) }
    heldOutlineBytes = entries.values.reduce(0) { $0 + ($1.outline?.byteCount ?? 0) }
  }

  /// Recordings kept, and their bytes (for the tests).
  var recordingCount: Int { entries.values.filter { $0.recording != nil }.count }
  var recordedBytes: Int { heldBytes }
  /// Outlines kept, their bytes, and how often one was used again (for the tests).
  var outlineCount: Int { entries.values.filter { $0.outline != nil }.count }
  var outlineBytes: Int { heldOutlineBytes }
  private(set) var outlinesReused = 0
}
