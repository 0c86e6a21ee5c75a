/**
 * The codec: {@link org.amqpcodec.impl.SerialEncoder} (the serial, backfilling encoder, in a fast and a compact
 * {@link org.amqpcodec.impl.EncoderFlavour}) and {@link org.amqpcodec.impl.ScanningDecoder} (the non-recursive
 * push decoder), each with one final class per buffer: {@link org.amqpcodec.impl.ByteArrayEncoder},
 * {@link org.amqpcodec.impl.ByteBufferEncoder}, {@link org.amqpcodec.impl.ByteArrayDecoder},
 * {@link org.amqpcodec.impl.ByteBufferDecoder}; the Netty ones are in {@code org.amqpcodec.impl.netty}.
 */
package org.amqpcodec.impl;
