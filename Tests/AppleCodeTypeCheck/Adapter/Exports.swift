// The adapter's source is compiled here verbatim (Adapter/UserNotificationCenterAdapter.swift
// links to the real file). In its own target it needs no import of the module it lives in; here
// that module is a dependency, so this re-export makes its names visible to the linked file.
@_exported import RecurringAlarmsScheduling
