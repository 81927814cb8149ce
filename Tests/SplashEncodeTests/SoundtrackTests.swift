import Foundation
import SplashCore
import SplashTestSupport
import Testing

@testable import SplashEncode

@Suite("Sound: a soundtrack is re-encoded to AAC stereo and cut or padded to the video's length")
struct SoundtrackTests {
  /// A 16-bit PCM WAV file of a 440 Hz tone: `seconds` long, `channels` channels at `rate`.
  private func writeTone(to path: String, seconds: Double, rate: Int, channels: Int) throws {
    let frames = Int(seconds * Double(rate))
    var samples = Data()
    for index in 0..<frames {
      let value = Int16(12000 * sin(2 * Double.pi * 440 * Double(index) / Double(rate)))
      for _ in 0..<channels { withUnsafeBytes(of: value.littleEndian) { samples.append(contentsOf: $0) } }
    }
    var file = Data("RIFF".utf8)
    func append32(_ value: Int) { withUnsafeBytes(of: UInt32(value).littleEndian) { file.append(contentsOf: $0) } }
    func append16(_ value: Int) { withUnsafeBytes(of: UInt16(value).littleEndian) { file.append(contentsOf: $0) } }
    append32(36 + samples.count)
    file.append(contentsOf: Array("WAVEfmt ".utf8))
    append32(16)
    append16(1)
    append16(channels)
    append32(rate)
    append32(rate * channels * 2)
    append16(channels * 2)
    append16(16)
    file.append(contentsOf: Array("data".utf8))
    append32(samples.count)
    file.append(samples)
    try file.write(to: URL(fileURLWithPath: path))
  }

  @Test(
    "a mono 44.1 kHz tone shorter or longer than the video, and silence, end with the video",
    arguments: [("short", 0.7), ("long", 5.0), ("silence", 0.0)])
  func lengths(name: String, toneSeconds: Double) throws {
    let folder = try ScratchFolder.make("splashvid-sound").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var settings = VideoSettings(width: 64, height: 64, framesPerSecond: 25, encoderPreset: "ultrafast")
    if toneSeconds > 0 {
      try writeTone(to: folder + "/tone.wav", seconds: toneSeconds, rate: 44_100, channels: 1)
      settings.soundtrack = .file(folder + "/tone.wav")
    } else {
      settings.soundtrack = .silence
    }
    let writer = try VideoWriter(path: folder + "/clip.mp4", settings: settings)
    let frame = try #require(PixelBuffer(width: 64, height: 64))
    for _ in 0..<50 { try writer.append(frame) }  // 2.0 s
    try writer.finish()
    let info = try VideoReader.read(folder + "/clip.mp4")
    let audio = try #require(info.audio)
    #expect(audio.codecName == "aac" && audio.sampleRate == 48_000 && audio.channels == 2)
    #expect(abs(audio.durationSeconds - 2.0) < 0.03, "\(name): audio lasts \(audio.durationSeconds) s")
    #expect(info.decodedFrameCount == 50)
  }

  @Test("a soundtrack that is not audio fails before any frame, naming the file, and leaves nothing")
  func notAudio() throws {
    let folder = try ScratchFolder.make("splashvid-sound").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Data("not a sound".utf8).write(to: URL(fileURLWithPath: folder + "/notes.txt"))
    var settings = VideoSettings(width: 64, height: 64, framesPerSecond: 25)
    settings.soundtrack = .file(folder + "/notes.txt")
    #expect {
      try VideoWriter(path: folder + "/clip.mp4", settings: settings)
    } throws: { error in
      "\(error)" == "soundtrack: \(folder)/notes.txt: not a sound file FFmpeg can read (Invalid data found when processing input)"
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["notes.txt"])
  }
}

@Suite("Sound fades: straight ramps of the amplitude at the start and before the end")
struct AudioFadeTests {
  @Test("in over 0.5 s, out over 1 s before 3 s: 0 at the ends, full between, linear in between")
  func gains() {
    let fade = AudioFade(inSeconds: 0.5, outSeconds: 1, end: 3)
    let rate: Int32 = 48_000
    func gain(_ seconds: Double) -> Float { fade.gain(atSample: Int64(seconds * Double(rate)), sampleRate: rate) }
    #expect(gain(0) == 0 && gain(0.25) == 0.5 && gain(0.5) == 1 && gain(1.5) == 1)
    #expect(gain(2) == 1 && gain(2.5) == 0.5 && gain(3) == 0)
    #expect(AudioFade(inSeconds: 0, outSeconds: 1).isNone, "a fade out needs the end")
    #expect(AudioFade().gain(atSample: 0, sampleRate: rate) == 1)
  }
}
