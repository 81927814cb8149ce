// swift-tools-version:6.0
import PackageDescription

// Layers are targets: a dependency that is not declared here does not compile, so the
// layering of design.md enforces itself. Arrows point to what a target may import:
//
//   splashvid → SplashCLI → SplashOutput → { SplashPresets, SplashLottie, SplashPipeline, SplashCairo, SplashEncode }
//   (SplashOutput owns a render job: loading the scene, the pipeline, the sinks, commit and abandon;
//   SplashCLI parses, builds jobs and prints)
//   SplashCore: geometry and values (points, paths, transforms, colours, a frame's pixels)
//   SplashRaster   → SplashCore   (splashvid's coverage rasterizer, strokes, dashes, pixel kernels)
//   SplashFiles    → SplashCore   (reading inputs; atomic outputs, temporaries and their sweeping)
//   SplashPresets  → SplashModel → SplashCore ; SplashPresets → SplashDocument (JSON5, shared by
//   SplashLottie   → SplashModel → SplashCore ; SplashLottie  → SplashDocument   both front ends)
//   SplashPresets, SplashLottie, SplashEncode, SplashCairo, SplashOutput and up → SplashFiles
//   SplashPipeline → SplashRender → SplashModel → SplashCore
//   SplashCairo    → SplashRender, SplashRaster ; SplashCairo → CCairo, CPangoCairo, CGdkPixbuf, SplashWebP
//   SplashWebP     → CWebP        (WebP images, which gdk-pixbuf does not read)
//   SplashEncode   → SplashCore   ; SplashEncode → CFFmpeg
//   SplashGzip     → CZlib        ; SplashZip    → CZip      (the containers .tgs and .lottie)
//   SplashOutput   → SplashGzip, SplashZip (unpacking a container is the loader's job)
//   SplashHTTP     → CMicroHTTPD  (the preview's server on the loopback interface)
//   SplashLottie   → SplashScript → CDuktape  (running Lottie expressions; CDuktape compiles
//   Debian's Duktape source with a deadline and a memory limit)
//   SplashCLI → SplashPreview → SplashHTTP, SplashOutput (`preview`: the page, its frames)
//
// Each C module is imported by exactly one Swift module (`ci/check-layering.sh` checks it).

let package = Package(
  name: "splashvid",
  products: [
    .executable(name: "splashvid", targets: ["splashvid"])
  ],
  targets: [
    // MARK: C libraries (system packages found with pkg-config)
    .systemLibrary(
      name: "CCairo", pkgConfig: "cairo",
      providers: [.apt(["libcairo2-dev"])]),
    .systemLibrary(
      name: "CPangoCairo", pkgConfig: "pangocairo",
      providers: [.apt(["libpango1.0-dev"])]),
    .systemLibrary(
      name: "CGdkPixbuf", pkgConfig: "gdk-pixbuf-2.0",
      providers: [.apt(["libgdk-pixbuf-2.0-dev"])]),
    .systemLibrary(
      name: "CFFmpeg", pkgConfig: "libavformat libavcodec libswscale libavutil",
      providers: [.apt(["libavformat-dev", "libavcodec-dev", "libswscale-dev", "libavutil-dev"])]),
    .systemLibrary(
      name: "CZlib", pkgConfig: "zlib",
      providers: [.apt(["zlib1g-dev"])]),
    .systemLibrary(
      name: "CZip", pkgConfig: "libzip",
      providers: [.apt(["libzip-dev"])]),
    .systemLibrary(
      name: "CWebP", pkgConfig: "libwebp",
      providers: [.apt(["libwebp-dev"])]),
    .systemLibrary(
      name: "CMicroHTTPD", pkgConfig: "libmicrohttpd",
      providers: [.apt(["libmicrohttpd-dev"])]),

    // Duktape's amalgamated source from Debian's duktape-dev, compiled with our own options (an
    // interrupt counter for the deadline; see Sources/CDuktape/duktape_build.c). The interpreter
    // runs a loop some six times slower unoptimised, so debug builds optimise it too.
    .target(
      name: "CDuktape",
      cSettings: [.unsafeFlags(["-O2"])],
      linkerSettings: [.linkedLibrary("m")]),

    // MARK: Stages
    .target(name: "SplashCore"),
    .target(name: "SplashRaster", dependencies: ["SplashCore"]),
    .target(name: "SplashFiles", dependencies: ["SplashCore"]),
    .target(name: "SplashModel", dependencies: ["SplashCore"]),
    .target(name: "SplashDocument"),
    .target(name: "SplashPresets", dependencies: ["SplashDocument", "SplashModel", "SplashCore", "SplashFiles"]),
    .target(name: "SplashLottie", dependencies: ["SplashDocument", "SplashModel", "SplashCore", "SplashFiles", "SplashScript"]),
    .target(name: "SplashScript", dependencies: ["CDuktape"]),
    .target(name: "SplashRender", dependencies: ["SplashModel", "SplashCore"]),
    .target(
      name: "SplashCairo",
      dependencies: [
        "SplashRender", "SplashModel", "SplashCore", "SplashFiles", "SplashRaster", "CCairo", "CPangoCairo", "CGdkPixbuf", "SplashWebP",
      ]),
    .target(
      name: "SplashEncode", dependencies: ["SplashCore", "SplashFiles", "CFFmpeg"],
      // The colour conversion is SIMD code that is some fifty times slower unoptimised; debug
      // builds (and the tests that run the debug binary on real clips) optimise this module too.
      swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
    .target(name: "SplashPipeline", dependencies: ["SplashRender", "SplashModel", "SplashCore"]),
    .target(name: "SplashGzip", dependencies: ["CZlib"]),
    .target(name: "SplashZip", dependencies: ["CZip"]),
    .target(name: "SplashWebP", dependencies: ["CWebP"]),
    .target(name: "SplashHTTP", dependencies: ["CMicroHTTPD"]),
    .target(
      name: "SplashPreview",
      dependencies: [
        "SplashHTTP", "SplashOutput", "SplashPresets", "SplashDocument", "SplashCairo", "SplashRender", "SplashModel", "SplashCore",
        "SplashFiles",
        "SplashGzip", "SplashEncode", "SplashPipeline",
      ]),
    .target(
      name: "SplashOutput",
      dependencies: [
        "SplashPresets", "SplashLottie", "SplashDocument", "SplashPipeline", "SplashCairo", "SplashEncode", "SplashRender", "SplashModel",
        "SplashCore", "SplashFiles", "SplashGzip", "SplashZip",
      ]),
    .target(
      name: "SplashCLI",
      dependencies: [
        "SplashOutput", "SplashPreview", "SplashHTTP", "SplashPresets", "SplashLottie", "SplashDocument", "SplashPipeline", "SplashCairo",
        "SplashEncode",
        "SplashRender",
        "SplashModel", "SplashCore", "SplashFiles",
      ]),
    .executableTarget(name: "splashvid", dependencies: ["SplashCLI"]),

    // MARK: Tests
    .target(name: "SplashTestSupport", path: "Tests/SplashTestSupport"),
    .testTarget(name: "SplashHTTPTests", dependencies: ["SplashHTTP", "SplashTestSupport"]),
    .testTarget(
      name: "SplashPreviewTests",
      dependencies: [
        "SplashPreview", "SplashHTTP", "SplashOutput", "SplashEncode", "SplashCairo", "SplashModel", "SplashCore", "SplashFiles",
        "SplashTestSupport",
      ]),
    .testTarget(name: "SplashCoreTests", dependencies: ["SplashCore", "SplashTestSupport"]),
    .testTarget(name: "SplashRasterTests", dependencies: ["SplashRaster", "SplashCore", "SplashTestSupport"]),
    .testTarget(name: "SplashFilesTests", dependencies: ["SplashFiles", "SplashCore", "SplashTestSupport"]),
    .testTarget(name: "SplashModelTests", dependencies: ["SplashModel", "SplashCore", "SplashTestSupport"]),
    .testTarget(
      name: "SplashPresetsTests", dependencies: ["SplashPresets", "SplashDocument", "SplashModel", "SplashCore", "SplashTestSupport"],
      exclude: ["Broken"]),
    .testTarget(
      name: "SplashCairoTests",
      dependencies: [
        "SplashCairo", "SplashPresets", "SplashLottie", "SplashDocument", "SplashRender", "SplashModel", "SplashCore", "SplashRaster",
        "SplashTestSupport",
      ],
      exclude: ["Goldens", "Fixtures", "Loaders"]),
    .testTarget(
      name: "SplashLottieTests", dependencies: ["SplashLottie", "SplashDocument", "SplashModel", "SplashCore"]),
    .testTarget(name: "SplashScriptTests", dependencies: ["SplashScript"]),
    .testTarget(name: "SplashDocumentTests", dependencies: ["SplashDocument"]),
    .testTarget(name: "SplashGzipTests", dependencies: ["SplashGzip"]),
    .testTarget(name: "SplashZipTests", dependencies: ["SplashZip", "SplashTestSupport"]),
    .testTarget(name: "SplashWebPTests", dependencies: ["SplashWebP"]),
    .testTarget(
      name: "SplashOutputTests",
      dependencies: [
        "SplashOutput", "SplashPresets", "SplashLottie", "SplashDocument", "SplashPipeline", "SplashEncode", "SplashRender", "SplashModel",
        "SplashCore",
        "SplashCairo", "SplashFiles", "SplashGzip", "SplashZip", "SplashTestSupport",
      ]),
    .testTarget(name: "SplashEncodeTests", dependencies: ["SplashEncode", "SplashCore", "SplashFiles", "SplashTestSupport"]),
    .testTarget(name: "SplashPipelineTests", dependencies: ["SplashPipeline", "SplashRender", "SplashModel", "SplashCore"]),
    .testTarget(name: "SplashRenderTests", dependencies: ["SplashRender", "SplashPresets", "SplashModel", "SplashCore"]),
    .testTarget(
      name: "SplashCLITests",
      dependencies: [
        "splashvid", "SplashCLI", "SplashPreview", "SplashHTTP", "SplashOutput", "SplashPipeline", "SplashCairo", "SplashRender",
        "SplashPresets",
        "SplashModel",
        "SplashEncode", "SplashCore",
        "SplashGzip", "SplashZip", "SplashDocument", "SplashTestSupport",
      ]),
  ],
  swiftLanguageModes: [.v6]
)

// Swift code is compiled for x86-64-v2 (LLVM's `nehalem`: SSE4.2 and POPCNT, which every
// x86-64 processor since 2008 has) rather than the first x86-64: rounding, picking a lane out
// of a vector and 32-bit lane multiplies become single instructions in the rasterizer and the
// evaluator. Output is the same to the bit (Swift never fuses a multiply and an add on its
// own), and a Lottie file drew 5 % more frames a second. AVX2 (x86-64-v3) drew a few percent
// more again, but processors still in use lack it, and a binary built for it dies on them.
// C modules (`C…`) keep their own flags.
#if arch(x86_64)
for target in package.targets where target.type != .system && !target.name.hasPrefix("C") {
  target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-target-cpu", "nehalem"])]
}
#endif
