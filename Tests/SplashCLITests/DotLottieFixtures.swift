/// Lottie documents written for the dotLottie tests: squares of one colour each, so that a
/// pixel tells which animation was drawn.
enum DotLottieFixtures {
  /// A 40 × 40 square of `rgb` (0…1 each) in the middle of a 120 × 80 composition of
  /// `frames` frames at 30 fps.
  static func square(_ rgb: [Double], frames: Int = 30) -> [UInt8] {
    let colour = rgb.map { String($0) }.joined(separator: ",")
    return Array(
      """
      {"v":"5.7.4","fr":30,"ip":0,"op":\(frames),"w":120,"h":80,"nm":"square","assets":[],"layers":[
        {"ty":4,"nm":"square","ip":0,"op":\(frames),"ks":{"p":{"a":0,"k":[60,40]}},
         "shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}},
                   {"ty":"fl","c":{"a":0,"k":[\(colour),1]},"o":{"a":0,"k":100}}]}
      ]}
      """.utf8)
  }

  static let red = square([1, 0, 0])
  /// Blue, and twice as long as red: the listing tells them apart by duration too.
  static let blue = square([0, 0, 1], frames: 60)

  static func json(_ text: String) -> [UInt8] { Array(text.utf8) }
}
