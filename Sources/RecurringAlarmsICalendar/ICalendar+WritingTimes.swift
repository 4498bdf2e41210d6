import RecurringAlarms

/// A set of times that is one `BYHOUR` × `BYMINUTE` × `BYSECOND` product, which one `RRULE`
/// (or, for one time, one `DTSTART`) can say.
struct TimeProduct: Sendable, Hashable {
    /// Each list ascending and without repeats.
    var hours: [Int]
    var minutes: [Int]
    var seconds: [Int]

    /// The earliest time of the product: the event's `DTSTART` time, an occurrence of its `RRULE`.
    var first: TimeOfDay { TimeOfDay(hour: hours[0], minute: minutes[0], second: seconds[0])! }

    /// Every time of the product, ascending.
    var times: [TimeOfDay] {
        hours.flatMap { hour in
            minutes.flatMap { minute in seconds.map { TimeOfDay(hour: hour, minute: minute, second: $0)! } }
        }
    }

    /// Splits `times` into products, soonest first: one when the times are a product.
    ///
    /// Hours whose minute-and-second sets are equal share a product; within those, minutes
    /// whose second sets are equal do. `07:00, 07:30, 19:00, 19:30` is one product (hours 7, 19;
    /// minutes 0, 30); `07:00, 08:30` is two. Not always the fewest products, but exact, and
    /// one for every set that is a product.
    ///
    /// - Complexity: O(n log n), where n is the number of times.
    static func split(_ times: [TimeOfDay]) -> [TimeProduct] {
        let sorted = Set(times).sorted()
        var hourClasses: [(minuteSeconds: [Int], hours: [Int])] = []
        var classOfMinuteSeconds: [[Int]: Int] = [:]
        var start = sorted.startIndex
        while start < sorted.endIndex {
            let hour = sorted[start].hour
            var end = start
            while end < sorted.endIndex && sorted[end].hour == hour { end += 1 }
            let minuteSeconds = sorted[start..<end].map { $0.secondsSinceMidnight % 3600 }
            if let index = classOfMinuteSeconds[minuteSeconds] {
                hourClasses[index].hours.append(hour)
            } else {
                classOfMinuteSeconds[minuteSeconds] = hourClasses.count
                hourClasses.append((minuteSeconds, [hour]))
            }
            start = end
        }
        var products: [TimeProduct] = []
        for hourClass in hourClasses {
            var minuteClasses: [(seconds: [Int], minutes: [Int])] = []
            var classOfSeconds: [[Int]: Int] = [:]
            var index = 0
            let minuteSeconds = hourClass.minuteSeconds
            while index < minuteSeconds.count {
                let minute = minuteSeconds[index] / 60
                var seconds: [Int] = []
                while index < minuteSeconds.count && minuteSeconds[index] / 60 == minute {
                    seconds.append(minuteSeconds[index] % 60)
                    index += 1
                }
                if let position = classOfSeconds[seconds] {
                    minuteClasses[position].minutes.append(minute)
                } else {
                    classOfSeconds[seconds] = minuteClasses.count
                    minuteClasses.append((seconds, [minute]))
                }
            }
            for minuteClass in minuteClasses {
                products.append(TimeProduct(hours: hourClass.hours, minutes: minuteClass.minutes, seconds: minuteClass.seconds))
            }
        }
        return products.sorted { $0.first < $1.first }
    }
}
