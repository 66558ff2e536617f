/// Bytes that are not a well-formed protocol buffers message: which message (the reader's
/// `context`, "glyphs", "layer 2 feature 7"...), where, and why.
public struct ProtobufWireError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What the message is, as the reader was told ("glyphs", "fontstack 1", "layer 2").
    public var context: String
    /// Offset of the offending byte from the first byte of this message.
    public var byteOffset: Int
    /// Offset of this message's first byte in the buffer it was cut from (its slice's
    /// `startIndex`; 0 for a reader over a whole array), so `messageStart + byteOffset` is the
    /// offset in that buffer.
    public var messageStart: Int
    public var reason: String

    public init(context: String, byteOffset: Int, messageStart: Int = 0, reason: String) {
        self.context = context
        self.byteOffset = byteOffset
        self.messageStart = messageStart
        self.reason = reason
    }

    /// The offset of the offending byte in the whole buffer.
    public var bufferOffset: Int { messageStart + byteOffset }

    public var description: String { "protobuf: \(context), byte \(byteOffset): \(reason)" }
}
