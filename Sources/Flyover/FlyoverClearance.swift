import TrailpackCore

/// How high a camera must be to keep the flyover's clearances (`FlyoverTuning`): above the
/// ground beneath it, and along its sight line to the walker.
public struct FlyoverClearance: Sendable {
    public let ground: FlyoverGround
    public let frame: FlyoverFrame
    public let tuning: FlyoverTuning

    public init(ground: FlyoverGround, frame: FlyoverFrame, tuning: FlyoverTuning) {
        self.ground = ground
        self.frame = frame
        self.tuning = tuning
    }

    /// A point of the frame with its elevation, metres.
    public struct Point3: Sendable, Equatable {
        public var x: Double
        public var z: Double
        public var eleM: Double
        public init(x: Double, z: Double, eleM: Double) {
            self.x = x
            self.z = z
            self.eleM = eleM
        }
    }

    /// The ground under frame point (`x`, `z`), metres; nil outside every grid.
    public func groundM(x: Double, z: Double) -> Double? { ground.elevationM(at: frame.lonLat(x: x, z: z)) }

    /// The clearance the sight line must keep at horizontal distance `fromWalkerM` from the
    /// walker, metres.
    public func sightClearanceM(fromWalkerM s: Double) -> Double {
        tuning.sightClearanceM * min(1, max(0, s) / tuning.sightRampM)
    }

    /// The lowest camera elevation (metres) at (`x`, `z`) whose sight line to `walker` keeps the
    /// sight clearance and whose own position keeps the camera clearance.
    public func lowestCameraM(x: Double, z: Double, walker: Point3) -> Double {
        var lowest = (groundM(x: x, z: z) ?? -Double.infinity) + tuning.cameraClearanceM
        let dx = x - walker.x, dz = z - walker.z
        let d = (dx * dx + dz * dz).squareRoot()
        let n = Int((d / tuning.sightSampleM).rounded(.up))
        guard n > 0 else { return lowest }
        for k in 1...n {
            let t = Double(k) / Double(n)
            guard let g = groundM(x: walker.x + dx * t, z: walker.z + dz * t) else { continue }
            // The line from the walker (t = 0) to the camera (t = 1): walker + t (camera - walker).
            lowest = max(lowest, walker.eleM + (g + sightClearanceM(fromWalkerM: t * d) - walker.eleM) / t)
        }
        return lowest
    }

    /// The smallest margin (metres) by which the camera at `camera` and its sight line to
    /// `walker` exceed the clearances; negative when one is broken. Samples every
    /// `sampleM` metres along the line (the check tests make, finer than the path's own).
    public func margin(camera: Point3, walker: Point3, sampleM: Double = 1) -> Double {
        var worst = camera.eleM - (groundM(x: camera.x, z: camera.z) ?? -Double.infinity) - tuning.cameraClearanceM
        let dx = camera.x - walker.x, dz = camera.z - walker.z
        let d = (dx * dx + dz * dz).squareRoot()
        let n = Int((d / sampleM).rounded(.up))
        guard n > 0 else { return worst }
        for k in 1...n {
            let t = Double(k) / Double(n)
            guard let g = groundM(x: walker.x + dx * t, z: walker.z + dz * t) else { continue }
            let line = walker.eleM + t * (camera.eleM - walker.eleM)
            worst = min(worst, line - g - sightClearanceM(fromWalkerM: t * d))
        }
        return worst
    }
}
