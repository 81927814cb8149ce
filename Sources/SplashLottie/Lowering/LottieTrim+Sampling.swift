extension LottieTrim {
  /// The frames to sample an animated trim at (none for a constant one).
  func sampleFrames(sampler: LottieSampler, limit: Int) -> [Double] {
    let stack = [self] + then
    return sampler.frames(of: stack.flatMap { [$0.start, $0.end, $0.offset] }.map { $0.map { [$0] } }, limit: limit)
  }
}
