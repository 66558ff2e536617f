import TrailpackCore

/// The seeded generator of every property and fuzz test, so each is reproducible: the library's
/// own SplitMix64, one implementation for tests and code.
public typealias SeededRandom = TrailpackCore.SplitMix64
