import Dispatch
import SplashCore
import Testing

/// `Locked`: threads that change one value under it lose no change (and, under
/// ThreadSanitizer, which CI runs this suite with, none is reported racing).
@Suite("Locked shares a value between threads")
struct LockedTests {
  @Test("eight threads adding 20 000 times each, contending for the lock, add up")
  func contendedIncrements() {
    let total = Locked(0)
    let seen = Locked<[Int]>([])
    DispatchQueue.concurrentPerform(iterations: 8) { thread in
      for step in 0..<20_000 {
        total.withLock { $0 += 1 }
        if step % 5_000 == 0 { seen.withLock { $0.append(thread) } }
      }
    }
    #expect(total.withLock { $0 } == 160_000)
    #expect(seen.withLock { $0.count } == 32)
  }

  @Test("withLock hands back what its body returns, and rethrows what it throws")
  func resultsAndErrors() throws {
    struct Refused: Error {}
    let names = Locked(["a"])
    let count = names.withLock { names -> Int in
      names.append("b")
      return names.count
    }
    #expect(count == 2)
    #expect(throws: Refused.self) { try names.withLock { _ in throw Refused() } }
    #expect(names.withLock { $0 } == ["a", "b"])
  }
}
