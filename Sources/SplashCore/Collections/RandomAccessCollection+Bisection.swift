extension RandomAccessCollection where Index == Int {
  /// The number of leading elements for which `isLeading` holds, found by bisection in
  /// log n steps: every such element must come before every other (a sorted collection and a
  /// test such as `$0 <= time`).
  ///
  /// The last element at or before a time is then at this count − 1 (a video's frame showing
  /// at a time, the keyframe before a frame).
  public func countOfLeading(where isLeading: (Element) -> Bool) -> Int {
    var low = startIndex
    var high = endIndex
    while low < high {
      let middle = low + (high - low) / 2
      if isLeading(self[middle]) { low = middle + 1 } else { high = middle }
    }
    return low - startIndex
  }
}
