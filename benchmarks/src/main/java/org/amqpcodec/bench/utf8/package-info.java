/** The strings workload: one ASCII and one mixed Latin-1/CJK/emoji string, encoded and decoded. */
package org.amqpcodec.bench.utf8;
