import TrailpackCore

/// A track after cleaning, with counts of what was dropped (pipeline diagnostics).
public struct CleanedLine: Equatable, Sendable {
    /// The surviving points in their original order; consecutive points are at least
    /// `RouteCleaner.Options.minSpacingM` apart.
    public var coords: [LonLat]
    /// Points dropped because a coordinate was NaN or infinite, or outside lon -180...180 /
    /// lat -90...90.
    public var droppedInvalid: Int
    /// Points dropped because they lay closer than the minimum spacing to the previous kept point.
    public var droppedDuplicates: Int
    /// Points dropped as spikes.
    public var droppedSpikes: Int

    public init(coords: [LonLat], droppedInvalid: Int = 0, droppedDuplicates: Int = 0, droppedSpikes: Int = 0) {
        self.coords = coords
        self.droppedInvalid = droppedInvalid
        self.droppedDuplicates = droppedDuplicates
        self.droppedSpikes = droppedSpikes
    }

    /// Total number of input points dropped.
    public var droppedTotal: Int { droppedInvalid + droppedDuplicates + droppedSpikes }
}

/// Removes invalid points, duplicates and GPS spikes from a joined track.
public enum RouteCleaner {
    /// Thresholds of the cleaner, all in metres (WGS84 ground distance, horizontal).
    public struct Options: Equatable, Sendable {
        /// A point closer than this to the previous kept point is a duplicate.
        public var minSpacingM: Double = 0.5
        /// A point farther than this from the segment joining its two neighbours may be a spike...
        public var spikeOffsetM: Double = 50
        /// ...when its neighbours lie within this distance of each other.
        public var spikeBaseM: Double = 30

        public init(minSpacingM: Double = 0.5, spikeOffsetM: Double = 50, spikeBaseM: Double = 30) {
            self.minSpacingM = minSpacingM
            self.spikeOffsetM = spikeOffsetM
            self.spikeBaseM = spikeBaseM
        }
    }

    /// Cleans a line in one pass: drops invalid points, then duplicates (a point closer than
    /// `minSpacingM` to the previous kept point), and removes spikes (a point more than
    /// `spikeOffsetM` from the segment joining its neighbours while they lie within `spikeBaseM`
    /// of each other), re-checking the neighbours of every removed point until no spike remains.
    /// The first and last kept points are never spikes. Distances use a local ellipsoidal metric
    /// (accurate to about 1e-5 over these short spans).
    public static func clean(_ coords: [LonLat], options: Options = Options()) -> CleanedLine {
        var out: [LonLat] = []
        out.reserveCapacity(coords.count)
        var invalid = 0, duplicates = 0, spikes = 0
        let minSpacing2 = options.minSpacingM * options.minSpacingM
        let offset2 = options.spikeOffsetM * options.spikeOffsetM
        let base2 = options.spikeBaseM * options.spikeBaseM
        coords.withUnsafeBufferPointer { input in
            for p in input {
                guard p.isFinite, abs(p.lat) <= 90, abs(p.lon) <= 180 else {
                    invalid += 1
                    continue
                }
                if let last = out.last, distanceSquaredM2(last, p) < minSpacing2 {
                    duplicates += 1
                    continue
                }
                var popped = false
                while out.count >= 2, isSpike(out[out.count - 1], between: out[out.count - 2], and: p, offset2: offset2, base2: base2) {
                    out.removeLast()
                    spikes += 1
                    popped = true
                }
                if popped, let last = out.last, distanceSquaredM2(last, p) < minSpacing2 {
                    duplicates += 1
                    continue
                }
                out.append(p)
            }
        }
        return CleanedLine(coords: out, droppedInvalid: invalid, droppedDuplicates: duplicates, droppedSpikes: spikes)
    }

    /// Squared local ground distance in square metres, scaled at the pair's mean latitude.
    @inline(__always)
    static func distanceSquaredM2(_ a: LonLat, _ b: LonLat) -> Double {
        let k = WGS84.metresPerDegree(atLatDeg: (a.lat + b.lat) / 2)
        let dx = wrappedDeltaLonDeg(b.lon, from: a.lon) * k.x
        let dy = (b.lat - a.lat) * k.y
        return dx * dx + dy * dy
    }

    @inline(__always)
    static func isSpike(_ b: LonLat, between a: LonLat, and c: LonLat, offset2: Double, base2: Double) -> Bool {
        let k = WGS84.metresPerDegree(atLatDeg: b.lat)
        let ax = wrappedDeltaLonDeg(a.lon, from: b.lon) * k.x, ay = (a.lat - b.lat) * k.y
        let cx = wrappedDeltaLonDeg(c.lon, from: b.lon) * k.x, cy = (c.lat - b.lat) * k.y
        let bx = cx - ax, by = cy - ay
        guard bx * bx + by * by <= base2 else { return false }
        return segmentDistanceSquared(0, 0, ax, ay, cx, cy) > offset2
    }
}
