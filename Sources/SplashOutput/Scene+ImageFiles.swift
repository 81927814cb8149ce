import SplashModel

extension Scene {
  /// Every image file the scene's layers and masks show (images the document carries are no
  /// files).
  public var imageFiles: Set<String> {
    var paths: Set<String> = []
    func visit(_ layer: Layer) {
      if let contents = layer.properties.contents, contents.embeddedImage == nil { paths.insert(contents.imagePath) }
      if let mask = layer.mask { visit(mask) }
      layer.sublayers.forEach(visit)
    }
    layers.forEach(visit)
    return paths
  }
}
