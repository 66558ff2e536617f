import Foundation
import PackJSON
import Pipeline

extension PlanCommand {
    /// `{recipes: [...], suggestedMem, suggestedMemMiB, tasks, ok}`: per recipe its region,
    /// grids, inputs, memory, time and problems; the job-wide `--mem` is the largest task's.
    static func json(_ plans: [RegionPlan]) -> JSONValue {
        var o: JSONObject = ["recipes": .array(plans.map(json)), "tasks": .int(plans.filter(\.problems.isEmpty).count),
                             "ok": .bool(plans.allSatisfy(\.problems.isEmpty))]
        if let mib = jobMemMiB(plans) {
            o["suggestedMem"] = .string(memText(mib))
            o["suggestedMemMiB"] = .int(mib)
        }
        return .object(o)
    }

    /// One recipe's plan.
    static func json(_ p: RegionPlan) -> JSONValue {
        var o: JSONObject = ["recipe": .string(p.recipePath), "region": p.regionID.map(JSONValue.string) ?? .null,
                             "bboxDerived": .bool(p.bboxDerived), "problems": .array(p.problems.map(JSONValue.string)),
                             "inputs": .array(p.inputs.map { i in
                                 ["path": .string(i.path), "kind": .string(i.kind.rawValue), "remote": .bool(i.isRemote),
                                  "exists": i.exists.map(JSONValue.bool) ?? .null]
                             }),
                             "arPatches": .array(p.patches.map { r in
                                 ["route": .string(r.routeID), "basis": .string(r.basis.rawValue), "width": .int(r.width), "height": .int(r.height),
                                  "cells": .int(r.cells), "resolutionM": .number(r.resolutionM, decimals: 2), "memoryCells": .int(r.memoryCells)]
                             })]
        if let g = p.grid {
            o["grid"] = ["width": .int(g.width), "height": .int(g.height), "cells": .int(p.regionCells), "resolutionM": .number(g.resolutionM, decimals: 2)]
        }
        if let peak = p.peakBytes, let mem = p.suggestedMemMiB, let timeS = p.timeS {
            o["estimatedPeakBytes"] = .int(Int(peak.rounded(.up)))
            o["trailBytes"] = .int(Int(p.trailBytes.rounded(.up)))
            o["trackBytes"] = .int(Int(p.trackBytes.rounded(.up)))
            o["suggestedMem"] = .string(memText(mem))
            o["suggestedMemMiB"] = .int(mem)
            o["timeS"] = .int(Int(timeS.rounded(.up)))
        }
        o["memoryLimit"] = memoryJSON(p.budget, estimateBytes: p.peakBytes)
        return .object(o)
    }

    /// `{bytes, source, describe[, file], estimatedPeakBytes}` of a memory limit (also `build --json`'s `memoryLimit`); null without one.
    static func memoryJSON(_ budget: MemoryBudget?, estimateBytes: Double?) -> JSONValue {
        guard let budget else { return .null }
        var o: JSONObject = ["bytes": .int(Int(budget.bytes)), "source": .string(budget.source.key), "describe": .string(budget.describe)]
        if case .cgroup(let file) = budget.source { o["file"] = .string(file) }
        if let estimateBytes { o["estimatedPeakBytes"] = .int(Int(estimateBytes.rounded(.up))) }
        return .object(o)
    }
}
