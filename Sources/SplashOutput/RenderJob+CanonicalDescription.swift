import SplashEncode
import SplashModel

extension RenderJob {
  /// Everything about the job that decides its frames and bytes, one `name: value` line each in
  /// a fixed order, for fingerprints.
  ///
  /// Left out, because they change no byte: where the animation file and the outputs are
  /// (the file's content is fingerprinted on its own), the assets root (likewise its images),
  /// and the number of workers (frames are identical on any number).
  public var canonicalDescription: [String] {
    describe(framesPerSecond: requestedFramesPerSecond.map(String.init) ?? "the document's, else the default")
  }

  /// The canonical description of the job rendering `scene`: the rate is the one the frames
  /// are drawn at (`rate(for:)`), so a Lottie file's own rate counts, and a job that asks for
  /// the default is described as one that asks for the same rate by number.
  public func canonicalDescription(of scene: Scene) -> [String] { describe(framesPerSecond: String(rate(for: scene))) }

  private func describe(framesPerSecond: String) -> [String] {
    var lines: [String] = []
    // Only when chosen, so that every fingerprint written before `--animation` stays the same.
    if let animation = source.animation { lines.append("animation: \(animation)") }
    for (name, value) in source.parameters.sorted(by: { $0.key < $1.key }) { lines.append("parameter \(name): \(value)") }
    lines.append("loops: \(loops)")
    // Each only when given, so that every fingerprint written before ranges and holds stays the same.
    if let start = range.start { lines.append("start: \(start.text)") }
    if let end = range.end { lines.append("end: \(end.text)") }
    if let segment = range.segment { lines.append("segment: \(segment)") }
    if holdStart > 0 { lines.append("hold start: \(holdStart) s") }
    if holdEnd > 0 { lines.append("hold end: \(holdEnd) s") }
    if let color = background.color { lines.append("background: \(color)") }
    // The image's bytes are fingerprinted with the inputs; here only how it fills the frame.
    if background.imagePath != nil { lines.append("background image: \(background.imageFit.rawValue)") }
    lines.append("frames per second: \(framesPerSecond)")
    if let requested = size.requested {
      lines.append("size: \(requested.width)x\(requested.height)")
    } else {
      lines.append("scale: \(size.scale)")
    }
    lines.append("fit: \(size.fit.rawValue)")
    lines.append("transparent: \(isTransparent)")
    switch soundtrack {
    case nil: break
    case .silence?: lines.append("sound: silence")
    case .file(let path)?: lines.append("sound: \(path)")
    }
    if audioFade.in > 0 || audioFade.out > 0 { lines.append("sound fades: \(audioFade.in) s in, \(audioFade.out) s out") }
    if let target { lines.append("target: \(target.name)") }
    lines.append("crf: \(encoder.constantRateFactor), preset: \(encoder.resolvedPreset), tune: \(encoder.resolvedTune)")
    for output in outputs {
      switch output.kind {
      case .video(let format): lines.append("output: \(format.rawValue)")
      case .gif: lines.append("output: gif")
      case .poster: lines.append("output: poster at \(posterTime ?? 0) s")
      case .imageSequence: lines.append("output: png sequence")
      }
    }
    return lines
  }
}
