import Foundation
import Testing

/// The built `store-stress` helper, found next to the test products (see
/// ``BuiltProducts/executable(_:override:)``); `STORE_STRESS_HELPER` overrides the search.
enum StressHelper {
    static let path: String? = BuiltProducts.executable("store-stress", override: "STORE_STRESS_HELPER")

    static let notFound: Comment =
        "the store-stress helper was not found next to the test products; build with `swift build --build-tests` or set STORE_STRESS_HELPER"
}
