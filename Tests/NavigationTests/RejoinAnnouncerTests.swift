import Testing
@testable import Navigation

/// docs/NAVIGATION.md, "Telling the walker": the first way back of an off-route episode is told,
/// then only a changed one, or the same after `rejoinRemindS`.
@Suite struct RejoinAnnouncerTests {
    static func answer(_ index: Int?, newRoute: Bool = false, timeS: Double = 100) -> RejoinAnswer {
        RejoinAnswer(index: index, timeS: timeS, backDurationS: 900, newRouteDurationS: nil, suggestNewRoute: newRoute,
                     failure: index == nil ? "more than 500 m from every trail" : nil)
    }

    @Test func theSameAnswerIsToldOnceThenAsAReminder() {
        var announcer = RejoinAnnouncer()
        let remindS = NavigationTuning.standard.rejoinRemindS
        // Computed every 30 s: told at 0 s, then again at the first computation rejoinRemindS later.
        let told = stride(from: 0.0, through: 600, by: 30).map { t in announcer.shouldTell(Self.answer(42, timeS: 100 + t), atS: t) }
        let toldAt = zip(stride(from: 0.0, through: 600, by: 30), told).filter(\.1).map(\.0)
        #expect(toldAt == [0, remindS, 2 * remindS])
    }

    @Test func aChangedAnswerIsToldAtOnce() {
        var announcer = RejoinAnnouncer()
        // Another rejoin vertex, the new route offered instead, no way back, a way back again; the
        // seconds to the rejoin point alone change nothing told.
        let answers = [(Self.answer(42), 0.0), (Self.answer(42, timeS: 80), 30), (Self.answer(57), 60), (Self.answer(57, newRoute: true), 90),
                       (Self.answer(nil), 120), (Self.answer(57, newRoute: true), 150), (Self.answer(57, newRoute: true, timeS: 20), 180)]
        let told = answers.map { announcer.shouldTell($0.0, atS: $0.1) }
        #expect(told == [true, false, true, true, true, true, false])
    }
}
