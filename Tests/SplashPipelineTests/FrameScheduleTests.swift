import SplashModel
import Testing

@testable import SplashPipeline

/// A clip's frames: the loops of its window, between an opening and a closing hold.
@Suite("FrameSchedule: loops between an opening hold and a closing hold")
struct FrameScheduleTests {
  @Test("without holds: loops × frames a loop, each loop the same times")
  func loops() {
    let schedule = FrameSchedule(clip: ClipWindow(start: 1, cycle: 0.5), framesPerSecond: 10, loops: 3)
    #expect(schedule.frameCount == 15 && schedule.firstLoop == 0..<5)
    #expect((0..<15).map(schedule.sceneTime(ofFrame:)) == Array(repeating: [1, 1.1, 1.2, 1.3, 1.4], count: 3).flatMap { $0 })
  }

  @Test("holds: the first frame before the loops, the final state after them, in whole frames to the nearest")
  func holds() {
    let schedule = FrameSchedule(
      clip: ClipWindow(start: 1, cycle: 0.5), framesPerSecond: 10, loops: 2, holdStart: 0.25, holdEnd: 0.31, finalTime: 1.49)
    // 0.25 s at 10 fps is 2.5 frames: 3 (to the nearest, halves away from zero); 0.31 s is 3.
    #expect(schedule.holdStartFrames == 3 && schedule.holdEndFrames == 3)
    #expect(schedule.frameCount == 3 + 10 + 3 && schedule.firstLoop == 3..<8)
    let times = (0..<schedule.frameCount).map(schedule.sceneTime(ofFrame:))
    #expect(Array(times[0..<3]) == [1, 1, 1])
    #expect(Array(times[3..<13]) == [1, 1.1, 1.2, 1.3, 1.4, 1, 1.1, 1.2, 1.3, 1.4])
    #expect(Array(times[13...]) == [1.49, 1.49, 1.49])
  }

  @Test("a window's own hold stays inside each loop; the closing hold shows start + cycle unless told")
  func windowHold() {
    let schedule = FrameSchedule(clip: ClipWindow(start: 0, cycle: 0.3, hold: 0.2), framesPerSecond: 10, loops: 1, holdEnd: 0.1)
    #expect((0..<schedule.frameCount).map(schedule.sceneTime(ofFrame:)) == [0, 0.1, 0.2, 0.3, 0.3, 0.3])
  }
}
