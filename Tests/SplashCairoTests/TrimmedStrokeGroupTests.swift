import Foundation
import SplashCore
import SplashLottie
import SplashModel
import SplashRender
import Testing

@testable import SplashCairo

/// A cut stroke's group is as large as its piece of the path (`DisplayNode.trimmedStroke`),
/// and draws the same pixels as a group as large as the clip.
@Suite("A cut stroke's group is bounded by its piece of the path")
struct TrimmedStrokeGroupTests {
  /// A long gradient stroke (a gradient masked by the stroke) cut to a moving piece (a Lottie
  /// trim), shown through an inverted matte, over stripes: issue_1717's trail. The gradient's
  /// stops are one colour, so its pixels do not depend on where its group starts.
  static let text = #"""
    {"v":"5.7.4","fr":30,"ip":0,"op":60,"w":200,"h":200,"assets":[],"layers":[
     {"ty":4,"nm":"matte","td":1,"ip":0,"op":60,"ks":{"p":{"a":0,"k":[100,100]}},"shapes":[{"ty":"el","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[60,60]}},{"ty":"fl","c":{"a":0,"k":[1,1,1,1]},"o":{"a":0,"k":100}}]},
     {"ty":4,"nm":"trail","tt":2,"ip":0,"op":60,"ks":{},"shapes":[{"ty":"gr","it":[
       {"ty":"sh","ks":{"a":0,"k":{"c":false,"v":[[20,180],[60,20],[140,180],[180,20]],"i":[[0,0],[-30,0],[-30,0],[0,0]],"o":[[30,0],[30,0],[30,0],[0,0]]}}},
       {"ty":"gs","o":{"a":0,"k":100},"w":{"a":0,"k":9},"g":{"p":2,"k":{"a":0,"k":[0,0.2,0.3,0.9,1,0.2,0.3,0.9]}},"s":{"a":0,"k":[0,0]},"e":{"a":0,"k":[200,0]},"t":1,"lc":2,"lj":2},
       {"ty":"tm","s":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":60,"s":[70]}]},"e":{"a":1,"k":[{"t":0,"s":[20],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":60,"s":[100]}]},"o":{"a":0,"k":0},"m":1},
       {"ty":"tr"}]}]},
     \#(BlendCompositorTests.stripes)]}
    """#

  /// `nodes` with every cut stroke's piece and every extents forgotten (those above a piece
  /// were found from it): the backend cuts the path itself, and draws each group as large as
  /// the clip.
  static func forgettingPieces(_ nodes: [DisplayNode]) -> [DisplayNode] {
    nodes.map { node in
      var node = node
      node.trimmedStroke = nil
      node.extents = nil
      node.sublayers = forgettingPieces(node.sublayers)
      if let mask = node.mask { node.mask = forgettingPieces([mask])[0] }
      return node
    }
  }

  static func pieces(_ nodes: [DisplayNode]) -> [(Path, Rect?)] {
    nodes.flatMap { node in
      (node.trimmedStroke.map { [($0, node.extents)] } ?? []) + pieces(node.sublayers) + pieces(node.mask.map { [$0] } ?? [])
    }
  }

  @Test("the same pixels through a group as large as the piece or as the clip, as the piece moves along")
  func samePixels() throws {
    let scene = try LottieCompiler.compile(Data(Self.text.utf8), file: "trail.json")
    let viewport = Viewport(canvasSize: scene.canvasSize, pixelWidth: 240, pixelHeight: 240)
    for time in [0.1, 0.9, 1.6] {
      let backend = CairoBackend()
      let list = DisplayList(scene.presentation(at: time), viewport: viewport, measuring: backend)
      // One piece, far smaller than the path's 20…180 × 20…180 hull (the stroke's other
      // shape layer, the part of a trim past the path's end, is cut to nothing).
      let found = Self.pieces(list.layers).filter { !$0.0.isEmpty }
      #expect(found.count == 1, "t = \(time) s")
      if let extents = found.first?.1 { #expect(extents.width * extents.height < 0.6 * 169 * 169, "t = \(time) s: \(extents)") }
      var unbounded = list
      unbounded.layers = Self.forgettingPieces(list.layers)
      let tight = try #require(PixelBuffer(width: 240, height: 240))
      let loose = try #require(PixelBuffer(width: 240, height: 240))
      try backend.render(list, into: tight)
      try CairoBackend().render(unbounded, into: loose)
      #expect(memcmp(tight.bytes, loose.bytes, tight.byteCount) == 0, "t = \(time) s")
    }
  }
}
