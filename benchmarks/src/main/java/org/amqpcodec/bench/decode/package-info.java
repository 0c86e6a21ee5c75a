/**
 * Decode benchmarks: this codec's decoders (every buffer) and each peer read every value of a workload from the
 * same bytes; each class also measures the floor, copying those bytes.
 */
package org.amqpcodec.bench.decode;
