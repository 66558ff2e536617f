/// A vector on a local plane: metres east (`x`) and north (`y`).
public struct Vec2: Equatable, Sendable {
    public var x: Double
    public var y: Double

    @inlinable
    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Vec2(0, 0)

    @inlinable
    public static func + (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x + b.x, a.y + b.y) }

    @inlinable
    public static func - (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x - b.x, a.y - b.y) }

    /// `v` scaled by `s`.
    @inlinable
    public static func * (s: Double, v: Vec2) -> Vec2 { Vec2(s * v.x, s * v.y) }

    /// The dot product, square metres.
    @inlinable
    public func dot(_ o: Vec2) -> Double { x * o.x + y * o.y }

    /// The cross product's vertical component (positive when `o` lies left of `self`), square metres.
    @inlinable
    public func cross(_ o: Vec2) -> Double { x * o.y - y * o.x }

    /// The squared length, square metres.
    @inlinable
    public var lengthSquared: Double { x * x + y * y }

    /// The length, metres.
    @inlinable
    public var length: Double { lengthSquared.squareRoot() }

    /// The point of the segment `a`-`b` nearest to `self`: its fraction `t` from `a` (0...1) and
    /// its squared distance from `self`, square metres.
    @inlinable
    public func projected(ontoSegment a: Vec2, _ b: Vec2) -> (t: Double, distanceSquared: Double) {
        let d = b - a
        let len2 = d.lengthSquared
        let t = len2 > 0 ? min(max((self - a).dot(d) / len2, 0), 1) : 0
        return (t, (self - (a + t * d)).lengthSquared)
    }
}
