import Foundation
import TrailpackCore

/// What an instruction's verb says: the class of the change of direction and its side, read
/// from the words before the first trail or place it names ("Keep right at the junction with
/// Left Fork Trail" reads slight, right; the trail's own "Left" is not read). Free-form text
/// that names neither reads as nil, nil.
struct InstructionReading: Equatable {
    /// Classes of a change of direction, in the order of docs/GUIDANCE.md's table.
    enum DirClass: Int, Comparable {
        case straight, slight, turn, sharp, uTurn
        static func < (a: DirClass, b: DirClass) -> Bool { a.rawValue < b.rawValue }
    }

    enum Side: String {
        case left, right
    }

    var dirClass: DirClass?
    var side: Side?

    /// Words that end an instruction's verb phrase: what follows names a trail or a place.
    static let phraseEnds = [" onto ", " at ", " to stay on ", " across ", " past ", " on ", " into ", " toward", " towards ",
                             " along ", " for ", " and ", " after ", " before ", " in ", ",", ";", ".", ":", " - ", " – ", " (", " up ", " down "]

    /// The verb phrase of `instruction`: lowercased, up to the first of `phraseEnds`.
    static func verbPhrase(_ instruction: String) -> String {
        var text = " " + instruction.lowercased().trimmingCharacters(in: .whitespacesAndNewlines)
        for end in phraseEnds {
            if let r = text.range(of: end), r.lowerBound > text.startIndex { text = String(text[..<r.lowerBound]) }
        }
        return text.trimmingCharacters(in: .whitespaces)
    }

    init(dirClass: DirClass?, side: Side?) {
        self.dirClass = dirClass
        self.side = side
    }

    /// Reads `instruction`'s verb phrase.
    init(_ instruction: String) {
        let phrase = Self.verbPhrase(instruction)
        let words = phrase.split(whereSeparator: { !$0.isLetter && $0 != "-" }).map(String.init)
        let has = { (w: String) in words.contains(w) }
        side = has("left") ? (has("right") ? nil : .left) : has("right") ? .right : nil
        if phrase.contains("u-turn") || phrase.contains("uturn") || phrase.hasPrefix("turn around") || phrase.hasPrefix("turn back")
            || phrase.hasPrefix("double back") {
            dirClass = .uTurn
        } else if side != nil {
            if has("sharp") || has("sharply") || has("hairpin") {
                dirClass = .sharp
            } else if has("bear") || has("keep") || has("slight") || has("slightly") || has("veer") || has("fork") || has("stay") {
                dirClass = .slight
            } else if has("turn") {
                dirClass = .turn
            }
        } else if has("straight") || phrase.hasPrefix("continue") || phrase.hasPrefix("go ahead") || phrase.hasPrefix("carry on") {
            dirClass = .straight
        }
    }

    /// The class and side of a SPEC `dir`.
    static func of(_ dir: TurnDirection) -> InstructionReading {
        switch dir {
        case .straight: InstructionReading(dirClass: .straight, side: nil)
        case .slightLeft: InstructionReading(dirClass: .slight, side: .left)
        case .slightRight: InstructionReading(dirClass: .slight, side: .right)
        case .left: InstructionReading(dirClass: .turn, side: .left)
        case .right: InstructionReading(dirClass: .turn, side: .right)
        case .sharpLeft: InstructionReading(dirClass: .sharp, side: .left)
        case .sharpRight: InstructionReading(dirClass: .sharp, side: .right)
        case .uTurn: InstructionReading(dirClass: .uTurn, side: nil)
        }
    }

    /// The class of an absolute bend in degrees (docs/GUIDANCE.md: 20, 45, 120, 160).
    static func dirClass(ofBendDeg bendDeg: Double) -> DirClass {
        let a = abs(bendDeg)
        return a < 20 ? .straight : a < 45 ? .slight : a < 120 ? .turn : a < 160 ? .sharp : .uTurn
    }

    /// The range of absolute bends, degrees, of a class (docs/GUIDANCE.md's table).
    static func bendRangeDeg(of c: DirClass) -> ClosedRange<Double> {
        switch c {
        case .straight: 0...20
        case .slight: 20...45
        case .turn: 45...120
        case .sharp: 120...160
        case .uTurn: 160...180
        }
    }
}
