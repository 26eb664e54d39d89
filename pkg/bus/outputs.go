package bus

import (
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/twmb/franz-go/pkg/kgo"
)

// The results of a processed event are cached in the idempotency store as
// the exact records it produced, so that a redelivery re-emits them byte for
// byte. The encoding is a compact length-prefixed list:
//
//	uvarint count, then per record: topic, key, value, uvarint header count,
//	per header: key, value — every string and byte slice uvarint-length-prefixed.
const outputsVersion = 1

func encodeOutputs(rs []*kgo.Record) []byte {
	size := 2
	for _, r := range rs {
		size += len(r.Topic) + len(r.Key) + len(r.Value) + 16
		for _, h := range r.Headers {
			size += len(h.Key) + len(h.Value) + 8
		}
	}
	b := make([]byte, 0, size)
	b = append(b, outputsVersion)
	b = binary.AppendUvarint(b, uint64(len(rs)))
	for _, r := range rs {
		b = appendBytes(b, []byte(r.Topic))
		b = appendBytes(b, r.Key)
		b = appendBytes(b, r.Value)
		b = binary.AppendUvarint(b, uint64(len(r.Headers)))
		for _, h := range r.Headers {
			b = appendBytes(b, []byte(h.Key))
			b = appendBytes(b, h.Value)
		}
	}
	return b
}

func appendBytes(b, v []byte) []byte {
	b = binary.AppendUvarint(b, uint64(len(v)))
	return append(b, v...)
}

var errCorruptOutputs = errors.New("corrupt cached outputs")

func decodeOutputs(b []byte) ([]*kgo.Record, error) {
	if len(b) == 0 || b[0] != outputsVersion {
		return nil, fmt.Errorf("%w: unknown version", errCorruptOutputs)
	}
	d := decoder{b: b[1:]}
	n := d.uvarint()
	if n > uint64(len(b)) {
		return nil, fmt.Errorf("%w: count %d", errCorruptOutputs, n)
	}
	rs := make([]*kgo.Record, 0, n)
	for range n {
		r := &kgo.Record{Topic: string(d.bytes()), Key: d.bytes(), Value: d.bytes()}
		hn := d.uvarint()
		if hn > uint64(len(b)) {
			return nil, fmt.Errorf("%w: header count %d", errCorruptOutputs, hn)
		}
		for range hn {
			r.Headers = append(r.Headers, kgo.RecordHeader{Key: string(d.bytes()), Value: d.bytes()})
		}
		rs = append(rs, r)
	}
	if d.err != nil || len(d.b) != 0 {
		return nil, errCorruptOutputs
	}
	return rs, nil
}

type decoder struct {
	b   []byte
	err error
}

func (d *decoder) uvarint() uint64 {
	if d.err != nil {
		return 0
	}
	v, n := binary.Uvarint(d.b)
	if n <= 0 {
		d.err = errCorruptOutputs
		return 0
	}
	d.b = d.b[n:]
	return v
}

func (d *decoder) bytes() []byte {
	n := d.uvarint()
	if d.err != nil || n > uint64(len(d.b)) {
		d.err = errCorruptOutputs
		return nil
	}
	v := d.b[:n:n]
	d.b = d.b[n:]
	return v
}
