/**
 * UTF-8 length, encoding and validation on {@code byte[]}, shared by the encoders and decoders.
 */
package org.amqpcodec.impl.utf8;
