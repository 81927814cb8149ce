/// The text of `splashvid --help`.
enum HelpText {
  static let version = "0.1.0"

  static let usage = """
    splashvid: iOS-style splash and loading animations (Core Animation presets) to H.264 video.

    USAGE
      splashvid [render] (--preset NAME | --file PATH) -o OUT.mp4 [--loops N] [--fps N] [--size WxH]
      splashvid still (--preset NAME | --file PATH) --time T -o FRAME.png [--size WxH]
      splashvid inspect (--preset NAME | --file PATH) --time T [--layer ID]
      splashvid --help | --version

    RENDER OPTIONS
      --preset NAME       a preset from the preset folders (see PRESETS)
      --file PATH         a preset file anywhere
      --presets-dir DIR   search DIR first for --preset
      -o, --output FILE   the MP4 to write (appears only when complete)
      --loops N           how many loops of the preset's clip (default 1)
      --fps N             frames per second, 1-240 (default 60)
      --size WxH          pixel size, even (default: the canvas at 2x, rounded up to even)

    STILL OPTIONS
      --time T            scene seconds since the animation starts
      --size WxH          pixel size (default: the canvas at 2x)

    INSPECT OPTIONS
      --time T            scene seconds since the animation starts
      --layer ID          print one layer's properties as a flat JSON object
                          (without it: the whole presentation tree)

    PRESETS
      --preset NAME reads NAME.json5 (or NAME.json) from the first folder that has it:
      --presets-dir DIR, then $SPLASHVID_PRESETS, then ./presets, then the folder installed
      beside the binary (BIN/presets, then BIN/../share/splashvid/presets).

    EXIT CODES
      0 success, 1 failure (bad preset, encoder or file error), 64 usage error
    """
}
