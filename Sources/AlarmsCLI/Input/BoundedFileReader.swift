import Foundation

/// Reads a whole file with a size limit, so `--rules /dev/zero` or a multi-gigabyte file
/// ends with an error instead of exhausting memory.
enum BoundedFileReader {
    static let limit = 128 * 1024 * 1024

    static func read(_ path: String) throws(CLIError) -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .failure("cannot read '\(path.printable)': no such file", hint: nil)
        }
        if isDirectory.boolValue { throw .failure("cannot read '\(path.printable)': it is a directory") }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .failure("cannot read '\(path.printable)': permission denied or not a regular file")
        }
        defer { try? handle.close() }
        var data = Data()
        do {
            while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
                data.append(chunk)
                if data.count > limit {
                    throw CLIError.failure("cannot read '\(path.printable)': larger than \(limit / 1024 / 1024) MiB")
                }
            }
        } catch let error as CLIError {
            throw error
        } catch {
            throw .failure("cannot read '\(path.printable)': \(error.localizedDescription)")
        }
        return data
    }
}
