/// An image asset (`assets[i]` with a file `p` and no layers): the picture an image layer
/// shows, `w` × `h` points from the layer's origin.
struct LottieImageAsset {
  var width: Double
  var height: Double
  /// `p`: a file name (in the folder `u`), a file of the archive, or a `data:` URI, with the
  /// cursor that names it in messages.
  var name: String
  var source: LottieCursor
  /// `u`: the folder of the file, relative to the Lottie file's.
  var folder: String
  /// Where the asset is in the file, for messages.
  var jsonPath: String

  init(_ cursor: LottieCursor) throws {
    width = try cursor.required("w").number(in: 0...100_000, expected: "an image width from 0 to 100000")
    height = try cursor.required("h").number(in: 0...100_000, expected: "an image height from 0 to 100000")
    source = try cursor.required("p")
    name = try source.string()
    folder = (try cursor["u"]?.string()) ?? ""
    jsonPath = cursor.jsonPath
  }
}
