/// A text layer's text (`t`): its documents over time, read, with what is not applied noted.
///
/// Text documents do not interpolate: each keyframe's document holds from its frame until the
/// next keyframe's. Animators (`t.a`), text on a path (`t.p`) and the anchor grouping that
/// animators use (`t.m`) are warned about and not applied: the static text is drawn.
struct LottieTextContent {
  var documents: [(frame: Double, document: LottieTextDocument)]

  init(_ text: LottieCursor, context: LottieContext) throws {
    documents = try LottieTextDocument.keyframes(try text.required("d"), limits: context.limits)
    Self.noteUnsupported(text, context: context)
    for (_, document) in documents where document.fontSize > 0 && !document.text.isEmpty {
      if document.isFullyJustified, let justify = document.cursor["j"] {
        context.warnings.note("full justification (j 3 to 6) is drawn aligned as its last line", at: justify.jsonPath)
      }
      if document.capitals == 2, let capitals = document.cursor["ca"] {
        context.warnings.note("small capitals (ca: 2) are drawn as typed", at: capitals.jsonPath)
      }
    }
  }

  /// Notes what the text asks for beyond its documents: animators, a path, the animators'
  /// anchor grouping.
  private static func noteUnsupported(_ text: LottieCursor, context: LottieContext) {
    let warnings = context.warnings
    let animators = (try? text["a"]?.array()) ?? []
    if let first = animators.first { warnings.note("text animators (t.a) are not applied", at: first.jsonPath) }
    if let path = text["p"], path["m"] != nil { warnings.note("text on a path (t.p) is not applied", at: path.jsonPath) }
    // The grouping's alignment moves characters only while an animator transforms them.
    if !animators.isEmpty, let options = text["m"], let alignment = options["a"],
      let property = try? LottieProperty<[Double]>.read(alignment, limits: context.limits, { try $0.numbers() }),
      property.isAnimated || property.initialValue.contains(where: { $0 != 0 })
    {
      warnings.note("text anchor point grouping (t.m) is not applied", at: options.jsonPath)
    }
  }
}
