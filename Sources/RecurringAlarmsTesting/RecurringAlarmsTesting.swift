// The regression-testing kit for an app's test targets: it may import Swift Testing, and
// neither an app nor the `alarms` command line links it. Its parts sit in folders of their own.
import Testing
