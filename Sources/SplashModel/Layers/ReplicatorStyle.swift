import SplashCore

/// The properties a `CAReplicatorLayer` adds, with Core Animation's defaults, and what they
/// make of each instance.
///
/// Apple documents them in `CAReplicatorLayer.h` and at
/// https://developer.apple.com/documentation/quartzcore/careplicatorlayer:
/// - `instanceCount`: "The number of copies to create, including the source layers." Default 1.
/// - `instanceTransform`: "applied to instance k-1 to produce instance k. The matrix is applied
///   relative to the center of the replicator layer, i.e. the superlayer of each replicated
///   sublayer." So instance k is transformed by instanceTransformᵏ about the bounds' centre.
/// - `instanceDelay`: "The temporal delay between replicated copies": instance k's animations
///   run k × instanceDelay seconds after instance 0's.
/// - `instanceColor`: "The color to multiply the first object by (the source object).
///   Defaults to opaque white."
/// - `instanceRedOffset` … `instanceAlphaOffset`: "The color components added to the color of
///   instance k-1 to produce the modulation color of instance k. Defaults to the clear color
///   (no change)." Components are clamped to 0…1.
/// - `preservesDepth`: false (the default, instances flattened into the replicator's plane) is
///   the only value splashvid draws.
public struct ReplicatorStyle: Sendable, Hashable {
  public var instanceCount = 1
  public var instanceTransform: Transform3D = .identity
  /// Seconds between one instance's time and the next one's.
  public var instanceDelay: Double = 0
  public var instanceColor: Color = .white
  public var instanceRedOffset: Double = 0
  public var instanceGreenOffset: Double = 0
  public var instanceBlueOffset: Double = 0
  public var instanceAlphaOffset: Double = 0

  public init() {}

  /// The colour instance `k`'s drawing is multiplied by: `instanceColor` plus `k` times each
  /// offset, each component clamped to 0…1.
  public func color(ofInstance k: Int) -> Color {
    func component(_ base: Double, _ offset: Double) -> Double { (base + Double(k) * offset).clampedToUnit }
    return Color(
      red: component(instanceColor.red, instanceRedOffset), green: component(instanceColor.green, instanceGreenOffset),
      blue: component(instanceColor.blue, instanceBlueOffset), alpha: component(instanceColor.alpha, instanceAlphaOffset))
  }

  /// The id of the layer that holds instance `k` of a replicator's sublayers (`spinner/3`): it
  /// has the replicator's bounds, centred on them, and instance k's transform.
  ///
  /// - Parameter replicatorID: The replicator's id as presented (itself an instance's, inside
  ///   another replicator: `row#1/2`).
  public static func holderID(of replicatorID: String, instance k: Int) -> String {
    "\(replicatorID)/\(k)"
  }

  /// The id a layer has inside replicator instances: its own in instance 0 of every replicator
  /// it is in, otherwise its own followed by the instance numbers from the outermost
  /// replicator in: `dot#3` in instance 3 of one replicator, `dot#1#0` in instance 1 of a grid's
  /// rows and instance 0 of a row. Every number is written once any is not 0, so no two
  /// instances share an id.
  ///
  /// - Parameter instances: The instance numbers of the replicators the layer is in, outermost first.
  public static func copyID(of id: String, instances: [Int]) -> String {
    guard instances.contains(where: { $0 != 0 }) else { return id }
    return id + instances.map { "#\($0)" }.joined()
  }
}
