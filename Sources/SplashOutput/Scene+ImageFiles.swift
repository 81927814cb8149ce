import SplashModel

extension Scene {
  /// Every image file the scene's layers and masks show (images the document carries are no
  /// files).
  public var imageFiles: Set<String> {
    var paths: Set<String> = []
    forEachLayer { layer in
      if let contents = layer.properties.contents, contents.embeddedImage == nil { paths.insert(contents.imagePath) }
    }
    return paths
  }
}
