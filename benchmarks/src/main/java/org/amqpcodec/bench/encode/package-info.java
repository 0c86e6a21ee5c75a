/** Encode benchmarks: this codec's encoders (both flavours, every buffer) and each peer, per workload. */
package org.amqpcodec.bench.encode;
