/// The text of `splashvid --help`.
enum HelpText {
  static let usage = """
    splashvid: iOS-style splash and loading animations (Core Animation presets) to video.

    USAGE
      splashvid [render] (--preset NAME | --file PATH) -o OUT.mp4|OUT.gif [--loops N] [--fps N] [--size WxH]
      splashvid still (--preset NAME | --file PATH) (--time T | --position P | --frame N) -o FRAME.png [--size WxH] [--transparent]
      splashvid sheet (--preset NAME | --file PATH) -o SHEET.png [--frames N] [--columns N] [--width PX]
      splashvid inspect (--preset NAME | --file PATH) (--time T | --position P | --frame N) [--layer ID]
      splashvid preview (--preset NAME | --file PATH) [--port N] [--exports DIR]
                                          a page on 127.0.0.1 that plays it: play, scrub, step, export (docs/preview.md)
      splashvid validate [FILE | DIR]     every problem of each preset (default: the preset folder)
      splashvid presets                   the presets found, with their loops and parameters
      splashvid probe FILE                what a player will see in a video, and what may break it
      splashvid batch DIR -o OUTDIR [--manifest FILE] [--jobs N] [--force] [--report FILE] [--shard I/N] [--assets-root ROOT]
                      [--size WxH] [--fps N] [--loops N] [--format F] [--param NAME=VALUE] [other render options]
                                          many clips; resumable, failures isolated (docs/scale-out.md)
      splashvid bench (--preset NAME | --file PATH) [render options]
                                          each stage's speed and end to end / encoder-only, in one run
      splashvid --help | --version

    RENDER OPTIONS
      --preset NAME       a preset from the preset folders (see PRESETS)
      --file PATH         a preset file anywhere
      --presets-dir DIR   search DIR first for --preset
      --param NAME=VALUE  set one of the preset's parameters (repeatable; any command)
      --assets-root DIR   images may come from DIR (default: only the preset's own folder)
      --animation ID      which animation of a .lottie archive (default: the one players show
                          first; inspect and validate list the ids); any command that takes --file
      -o, --output FILE   the video to write (appears only when complete); its extension picks
                          the format: .mp4 H.264, .mov ProRes 4444 (alpha), .webm VP9 (alpha),
                          .gif an animated GIF (256 colours, loops forever).
                          Repeat -o for several videos from one render pass; a .png is the poster;
                          frames-%04d.png is an image sequence (numbered from 1)
      --poster T          the poster: the frame T seconds into the clip (default 0), written
                          to the -o .png, or beside the first video or GIF
      --format F          h264, hevc (MP4 tagged hvc1), prores or vp9, if not the extension's
      --background COLOR  the colour behind the animation over the whole frame (#RRGGBB, #RRGGBBAA,
                          rgb(…), rgba(…) or a UIKit name), in place of the canvas's
      --background-image FILE   an image behind it, filling the frame (PNG, JPEG, WebP, GIF)
      --background-fit cover|contain   the image cropped to fill (default) or whole
      --transparent       no canvas background: clear where no layer draws (.mov, .webm; .gif
                          clear under half alpha)
      --audio FILE        a soundtrack for .mp4 and .mov outputs: AAC stereo 48 kHz, cut or padded
                          with silence to the video's length
      --audio-fade S|IN,OUT   fade the soundtrack in and out over S seconds (or IN and OUT)
      --target T          a platform's size, rate, format and sound (docs/targets.md): appstore-6.9,
                          appstore-6.5, instagram-story, square, web
      --loops N           how many loops of the preset's clip (default 1), or of its range:
      --start T, --end T  the part of the animation the loops repeat: seconds of scene time (1.5),
                          a frame of a Lottie file (f:30) or a position in one loop (p:0.25)
      --segment NAME      a named part instead: a Lottie file's marker, a preset's clip.segments
      --hold-start S      show the first frame S seconds before the loops (a title card)
      --hold-end S        show the final state S seconds after the loops (an end card)
      --fps N             frames per second, 1-240 (default 60; with a .gif 50, and at most 50:
                          GIF delays are whole hundredths, each frame starts at the nearest one)
      --size WxH          pixel size, even for video (default: the canvas at --scale, rounded
                          up to even for video)
      --scale S           pixels per point when --size is not given (default 2)
      --fit contain|cover how the canvas fills a --size of another aspect (default contain)
      --crf N             quality, 1 to 51 for H.264, 0 to 51 for HEVC (default 18; VP9 scales it to 0-63)
      --x264-preset P     ultrafast … placebo: speed against size (default medium; h264 and hevc)
      --tune T            animation, film, grain, stillimage, fastdecode, zerolatency, none (default animation)
      --workers N         render threads (default: the active cores)
      --progress bar|json|none  progress on stderr (default: a bar on a terminal, else none)

    STILL OPTIONS (one of --time, --position, --frame)
      --time T            scene seconds since the animation starts
      --position P        0 to 1 of one loop, as a player's progress; 1 is the end state (for a
                          Lottie file, what a player paused at its end shows)
      --frame N           a frame in the file's own numbering (Lottie; not presets)
      --size WxH, --scale S, --fit contain|cover   as for render; any size
      --background COLOR, --background-image FILE, --background-fit F   as for render

    SHEET OPTIONS
      --frames N          frames spread evenly over one loop (default 12)
      --start T, --end T, --segment NAME   over a part of it, as for render
      --columns N         thumbnails per row (default 6)
      --width PX          thumbnail width in pixels (default 180)

    INSPECT OPTIONS
      --time T, --position P, --frame N   the moment, as for still
      --layer ID          print one layer's properties as a flat JSON object
                          (without it: the whole presentation tree). An angle an animation drives
                          follows the transform, unfolded: "transform.rotation": 288

    BATCH OPTIONS
      --manifest FILE     the clips: CSV with a header (preset,output,params,size,fps,loops,format)
                          or JSON Lines; preset is a preset's name in DIR, output a name inside OUTDIR;
                          image params are relative to DIR. Every row is checked before any renders
      --report FILE       each clip's status as JSON; must not be a clip, a preset or the manifest
      --assets-root ROOT  presets and images must really lie in ROOT instead of DIR (symbolic
                          links resolved; ../ and absolute paths leading out are refused)
      --jobs N, --force   clips at once; render finished clips again
      --shard I/N         rows I, I+N, I+2N … of the list; auto/N or auto take I (and N) from a
                          Kubernetes Indexed Job or a Slurm job array (docs/scale-out.md)
      --size, --scale, --fit, --fps, --loops, --format (or gif), --crf, --x264-preset, --tune, --target,
      --start, --end, --segment, --hold-start, --hold-end, --background, --background-image,
      --background-fit, --transparent, --param NAME=VALUE
                          as for render, for every clip; a manifest's size, fps, loops, format,
                          start, end, segment, hold-start, hold-end and background columns override them, and
                          its params override --param by name

    PRESETS
      --preset NAME reads NAME.json5 (or NAME.json) from the first folder that has it:
      --presets-dir DIR, then $SPLASHVID_PRESETS, then ./presets, then the folder installed
      beside the binary (BIN/presets, then BIN/../share/splashvid/presets).

    EXIT CODES
      0 success, 1 failure (bad preset, encoder or file error), 64 usage error, 130 interrupted
    """
}
