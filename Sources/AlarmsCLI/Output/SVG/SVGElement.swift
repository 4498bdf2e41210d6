/// A small typed SVG writer: an element is a name, attributes in the order given, and children
/// or text. Every attribute value and every text is escaped as XML when written, so a rule id or
/// label from the user never becomes markup.
///
/// ```swift
/// SVGElement("text", ["x": "4", "y": "12"], text: "wake & <run>").xml
/// // <text x="4" y="12">wake &amp; &lt;run&gt;</text>
/// ```
struct SVGElement {
    let name: String
    let attributes: KeyValuePairs<String, String>
    var children: [SVGElement]
    var text: String?

    init(_ name: String, _ attributes: KeyValuePairs<String, String> = [:], children: [SVGElement] = [], text: String? = nil) {
        self.name = name
        self.attributes = attributes
        self.children = children
        self.text = text
    }

    /// The element as XML, children indented by two spaces a level.
    var xml: String { lines(indent: "").joined(separator: "\n") }

    private func lines(indent: String) -> [String] {
        let open = "<" + name + attributes.map { " \($0.key)=\"\(Self.escape($0.value))\"" }.joined()
        if children.isEmpty {
            guard let text else { return [indent + open + "/>"] }
            return [indent + open + ">" + Self.escape(text) + "</\(name)>"]
        }
        var result = [indent + open + ">"]
        if let text { result.append(indent + "  " + Self.escape(text)) }
        for child in children { result += child.lines(indent: indent + "  ") }
        result.append(indent + "</\(name)>")
        return result
    }

    /// `text` as XML character data or attribute value: the five markup characters as entities,
    /// and characters XML 1.0 does not allow at all (controls other than tab, newline and return,
    /// U+FFFE, U+FFFF) as U+FFFD.
    static func escape(_ text: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A coordinate or length to one decimal, without a trailing `.0`, the same on every machine.
    static func number(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        let magnitude = tenths.magnitude
        return magnitude % 10 == 0 ? "\(sign)\(magnitude / 10)" : "\(sign)\(magnitude / 10).\(magnitude % 10)"
    }
}
