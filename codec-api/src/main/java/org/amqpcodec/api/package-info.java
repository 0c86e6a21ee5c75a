/**
 * The codec's API: {@link org.amqpcodec.api.Encoder} (serial, backfilled), {@link org.amqpcodec.api.Decoder}
 * (the push-style scanner and the cursor it hands to a {@link org.amqpcodec.api.DataHandler}),
 * {@link org.amqpcodec.api.Type} and {@link org.amqpcodec.api.FormatCode}, the exceptions
 * ({@link org.amqpcodec.api.CodecException} and its subtypes) and the small value types
 * ({@link org.amqpcodec.api.Symbol}, {@link org.amqpcodec.api.Decimal32}, {@link org.amqpcodec.api.Decimal64},
 * {@link org.amqpcodec.api.Decimal128}).
 *
 * <p>This package has no dependencies. The implementations (over {@code byte[]}, {@code ByteBuffer} and Netty
 * {@code ByteBuf}) are in {@code org.amqpcodec.impl}.
 */
package org.amqpcodec.api;
