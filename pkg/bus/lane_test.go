package bus

import (
	"testing"

	"github.com/twmb/franz-go/pkg/kgo"
)

func TestLanes(t *testing.T) {
	rec := func(topic string, p int32, key string) *kgo.Record {
		return &kgo.Record{Topic: topic, Partition: p, Key: []byte(key)}
	}
	byKey := &Runtime{}
	first, second := rec("a", 0, "wf-1"), rec("a", 0, "wf-1")
	second.Offset = 1
	if byKey.lane(first) != byKey.lane(second) {
		t.Fatal("one workflow's records must share a lane")
	}
	for _, other := range []*kgo.Record{rec("a", 0, "wf-2"), rec("a", 1, "wf-1"), rec("b", 0, "wf-1")} {
		if byKey.lane(rec("a", 0, "wf-1")) == byKey.lane(other) {
			t.Fatalf("%s/%d/%s shares the lane of a/0/wf-1", other.Topic, other.Partition, other.Key)
		}
	}
	byNumber := &Runtime{cfg: config{byPartitionNumber: true}}
	if byNumber.lane(rec("a", 3, "wf-1")) != byNumber.lane(rec("b", 3, "wf-2")) {
		t.Fatal("OrderAcrossTopics: partition 3 of every topic must share a lane")
	}
	if byNumber.lane(rec("a", 3, "wf-1")) == byNumber.lane(rec("a", 4, "wf-1")) {
		t.Fatal("OrderAcrossTopics: partitions 3 and 4 must not share a lane")
	}
}
