import BakeKit
import Foundation

/// Dates as other blogs write them, read with bake's own `DateParser`, keeping the wall-clock
/// time and offset the text gives rather than moving it into the blog's zone.
enum ImportDate {
    /// The wall-clock time `text` names: with its own offset when it has one, else in `zone`.
    static func civil(_ text: String, zone: TimeZone) -> CivilTime? {
        DateParser(timeZone: zone).parseCivil(text)
    }
}
