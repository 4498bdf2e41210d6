import Foundation

// Foundation API that Apple platforms have and swift-corelibs-foundation lacks, declared as on
// Apple platforms (checked against the linked page); the bodies never run.

extension URL {
    /// [applicationSupportDirectory](https://developer.apple.com/documentation/foundation/url/applicationsupportdirectory)
    @available(iOS 16.0, macOS 13.0, watchOS 9.0, tvOS 16.0, *)
    static var applicationSupportDirectory: URL { fatalError("stand-in: never runs") }
}
