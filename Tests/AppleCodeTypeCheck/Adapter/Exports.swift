// The adapters' sources are compiled here verbatim (each file in this folder but this one links
// to the real file). In their own target they need no import of the module they live in; here
// that module is a dependency, so this re-export makes its names visible to the linked files.
//
// AlarmKitMetadata.swift is linked too, though it is no Apple-only code: AlarmKitCenter.swift
// declares its `AlarmMetadata` conformance, which here would be a conformance of an imported
// type to an imported protocol (a retroactive one, which Swift 6 warns about). The local copy
// shadows the imported type, so the conformance is the module's own, as in the real target.
@_exported import RecurringAlarmsScheduling
