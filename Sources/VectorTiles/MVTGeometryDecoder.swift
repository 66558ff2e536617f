import ProtobufWire

/// Replays a feature's geometry commands (MoveTo, LineTo, ClosePath with zigzag deltas from a
/// cursor) into parts in tile units, checking them against the feature's type. Reads each
/// integer once; a command's count is only trusted as far as parameters follow.
struct GeometryCommands {
    let type: MVTGeometryType
    let place: (layer: Int, name: String?, feature: Int?)
    private(set) var parts: [[TilePoint]] = []
    private var cursor = TilePoint(x: 0, y: 0)
    /// Whether the last polygon ring was closed, and where the last command was read.
    private var ringClosed = true
    private var offset = 0

    init(type: MVTGeometryType, place: (layer: Int, name: String?, feature: Int?)) {
        self.type = type
        self.place = place
    }

    /// Reads one packed `geometry` payload.
    /// - Throws: `MVTDecodeError` on a cut or over-long varint, an unknown command, missing
    ///   parameters, or a command the type does not allow where it stands.
    mutating func read(_ payload: ArraySlice<UInt8>) throws(MVTDecodeError) {
        var integers = PackedVarints(payload, context: "geometry")
        while true {
            offset = payload.startIndex + integers.byteOffset
            guard let command = try next(&integers) else { return }
            let count = Int(command >> 3)
            switch command & 7 {
            case MVTSchema.moveTo: try moveTo(count, &integers)
            case MVTSchema.lineTo: try lineTo(count, &integers)
            case MVTSchema.closePath: try closePath(count)
            default: throw error("unknown command \(command & 7)")
            }
        }
    }

    /// The parts read, once the type's shape rules hold for the whole geometry.
    /// - Throws: `MVTDecodeError` for a line of one point, an unclosed ring, or no geometry for
    ///   a known type.
    func finish(at end: Int) throws(MVTDecodeError) -> [[TilePoint]] {
        if type != .unknown && parts.isEmpty { throw error("no geometry", at: end) }
        if type == .lineString, let short = parts.firstIndex(where: { $0.count < 2 }) { throw error("line \(short) has one point", at: end) }
        if type == .polygon && !ringClosed { throw error("the last ring is not closed", at: end) }
        return parts
    }

    private mutating func moveTo(_ count: Int, _ integers: inout PackedVarints) throws(MVTDecodeError) {
        guard count >= 1 else { throw error("MoveTo with count 0") }
        switch type {
        case .point:
            if parts.isEmpty { parts.append([]) }
            for _ in 0..<count { parts[0].append(try point(&integers)) }
        case .lineString, .polygon:
            guard count == 1 else { throw error("MoveTo with count \(count) in a \(type == .polygon ? "polygon" : "line")") }
            if type == .lineString, let last = parts.last, last.count < 2 { throw error("line \(parts.count - 1) has one point") }
            guard ringClosed else { throw error("ring \(parts.count - 1) is not closed before the next MoveTo") }
            parts.append([try point(&integers)])
            ringClosed = type != .polygon
        case .unknown:
            for _ in 0..<count { parts.append([try point(&integers)]) }
        }
    }

    private mutating func lineTo(_ count: Int, _ integers: inout PackedVarints) throws(MVTDecodeError) {
        guard count >= 1 else { throw error("LineTo with count 0") }
        guard type != .point else { throw error("LineTo in a point feature") }
        guard !parts.isEmpty else { throw error("LineTo before any MoveTo") }
        guard type != .polygon || !ringClosed else { throw error("LineTo after ClosePath without a MoveTo") }
        for _ in 0..<count { parts[parts.count - 1].append(try point(&integers)) }
    }

    private mutating func closePath(_ count: Int) throws(MVTDecodeError) {
        guard count == 1 else { throw error("ClosePath with count \(count)") }
        guard type == .polygon || type == .unknown else { throw error("ClosePath in a \(type == .point ? "point" : "line") feature") }
        guard let ring = parts.last, !ringClosed || type == .unknown else { throw error("ClosePath without an open ring") }
        guard type == .unknown || ring.count >= 3 else { throw error("ring \(parts.count - 1) has \(ring.count) points, fewer than 3") }
        ringClosed = true
    }

    /// The cursor moved by the next two parameters (zigzag dx, dy).
    private mutating func point(_ integers: inout PackedVarints) throws(MVTDecodeError) -> TilePoint {
        guard let dx = try next(&integers), let dy = try next(&integers) else { throw error("command runs out of parameters") }
        cursor.x += Int(Zigzag.decode(dx))
        cursor.y += Int(Zigzag.decode(dy))
        return cursor
    }

    private func next(_ integers: inout PackedVarints) throws(MVTDecodeError) -> UInt32? {
        try MVTDecoder.wire(place) { () throws(ProtobufWireError) in try integers.nextUInt32() }
    }

    private func error(_ reason: String, at end: Int? = nil) -> MVTDecodeError {
        MVTDecodeError(layerIndex: place.layer, layerName: place.name, featureIndex: place.feature, byteOffset: end ?? offset, reason: reason)
    }
}
