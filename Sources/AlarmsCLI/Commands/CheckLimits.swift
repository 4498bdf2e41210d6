import RecurringAlarms

/// What `check` refuses before it plans anything, so no case file can make it run for hours or
/// exhaust memory: each case plans every rule of the file and up to its cap of requests, so a
/// small file (one rule with 1,440 times, a cap of 10,000, copied into hundreds of cases)
/// could otherwise ask for millions of fires.
enum CheckLimits {
    /// The most requests a run plans in all: the sum of the cases' caps (a case plans at most
    /// its cap). About 1.4 µs a request in a release build, planned, compared and printed
    /// (Docs/CLI.md): under two seconds.
    static let maximumPlannedRequests = 1_000_000

    /// The most rules a run plans in all: the cases times the rules of the file (each case
    /// plans every rule, disabled ones included). About 0.5 to 1 µs a rule in a release build,
    /// by strategy: under ten seconds.
    static let maximumRulePlans = 10_000_000

    /// Refuses a file whose cases would plan more than ``maximumPlannedRequests`` requests or
    /// ``maximumRulePlans`` rules.
    ///
    /// - Complexity: O(c) for c cases.
    static func checkSize(_ file: PlanCaseFile, name: String) throws(CLIError) {
        let cases = file.cases.count
        let requests = file.cases.reduce(0) { $0 + $1.cap }
        if requests > maximumPlannedRequests {
            throw .failure(
                "'\(name.printable)' asks for too much for one run: its \(cases) cases may plan up to \(requests) requests "
                    + "(the sum of their caps), and 'alarms check' plans at most \(maximumPlannedRequests) in one run",
                hint: "split the cases into several files, or give them smaller caps")
        }
        let rules = file.book.rules.count
        let (rulePlans, overflow) = cases.multipliedReportingOverflow(by: rules)
        if overflow || rulePlans > maximumRulePlans {
            throw .failure(
                "'\(name.printable)' asks for too much for one run: its \(cases) cases each plan its \(rules) rules, "
                    + "\(overflow ? "more than \(Int.max)" : String(rulePlans)) rule plans, and 'alarms check' plans at most "
                    + "\(maximumRulePlans) in one run",
                hint: "split the cases into several files")
        }
    }
}
