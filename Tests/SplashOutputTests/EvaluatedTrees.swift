import SplashModel
import Testing

/// Checks that a scene's evaluator gives the trees `Scene.presentation(at:)` gives alone.
enum EvaluatedTrees {
  /// Evaluates `scene` at each of `times`, then back again, with and without sharing: beside
  /// the frame before, and now and then beside a far-off frame. Each tree must equal the one
  /// evaluated alone; `check` is handed both, and the time, for what equality does not tell.
  static func expectSameAsAlone(
    _ scene: Scene, at times: [Double],
    check: (_ tree: PresentationTree, _ alone: PresentationTree, _ time: Double) -> Void = { _, _, _ in }
  ) {
    let evaluator = SceneEvaluator(scene)
    var previous = evaluator.presentation(at: times[0])
    for (index, time) in (times + times.reversed()).enumerated() {
      let alone = scene.presentation(at: time)
      #expect(evaluator.presentation(at: time) == alone, "at \(time) s")
      let tree = evaluator.presentation(
        at: time, sharingWith: index % 5 == 2 ? evaluator.presentation(at: times[(index * 7) % times.count]) : previous)
      #expect(tree == alone, "shared, at \(time) s")
      check(tree, alone, time)
      previous = tree
    }
  }
}
