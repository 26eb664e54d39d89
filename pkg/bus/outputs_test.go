package bus

import (
	"bytes"
	"testing"

	"github.com/twmb/franz-go/pkg/kgo"
)

func TestOutputsRoundTrip(t *testing.T) {
	in := []*kgo.Record{
		{Topic: "docket.document.extracted", Key: []byte("wf-1"), Value: []byte{0, 0, 0, 0, 7, 1, 2}, Headers: []kgo.RecordHeader{{Key: "traceparent", Value: []byte("00-abc-def-01")}}},
		{Topic: "docket.ocr.dlq", Key: nil, Value: []byte{}},
	}
	out, err := decodeOutputs(encodeOutputs(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != len(in) {
		t.Fatalf("got %d records, want %d", len(out), len(in))
	}
	for i := range in {
		if out[i].Topic != in[i].Topic || !bytes.Equal(out[i].Key, in[i].Key) || !bytes.Equal(out[i].Value, in[i].Value) || len(out[i].Headers) != len(in[i].Headers) {
			t.Errorf("record %d: got %+v, want %+v", i, out[i], in[i])
		}
	}
}

func TestDecodeOutputsRejectsGarbage(t *testing.T) {
	good := encodeOutputs([]*kgo.Record{{Topic: "t", Value: []byte("v")}})
	for name, b := range map[string][]byte{
		"empty":     nil,
		"version":   {9, 0},
		"truncated": good[:len(good)-1],
		"trailing":  append(append([]byte{}, good...), 0),
		"huge":      {outputsVersion, 0xff, 0xff, 0xff, 0xff, 0x0f},
	} {
		if _, err := decodeOutputs(b); err == nil {
			t.Errorf("%s: decoded without error", name)
		}
	}
}

func FuzzDecodeOutputs(f *testing.F) {
	f.Add(encodeOutputs([]*kgo.Record{{Topic: "t", Key: []byte("k"), Value: []byte("v")}}))
	f.Fuzz(func(t *testing.T, b []byte) {
		rs, err := decodeOutputs(b)
		if err != nil {
			return
		}
		if again, err := decodeOutputs(encodeOutputs(rs)); err != nil || len(again) != len(rs) {
			t.Fatalf("re-encode of a decoded value failed: %v", err)
		}
	})
}
