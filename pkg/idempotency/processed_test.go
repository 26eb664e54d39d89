package idempotency

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/redis/go-redis/v9"

	"github.com/docket-run/docket/pkg/fault"
)

func testProcessedMarks(t *testing.T, b backend) {
	ctx := context.Background()
	s := New(b.client)
	keys := []Key{{Service: "ocr", ID: "e1"}, {Service: "ocr", ID: "e2"}, {Service: "ocr", ID: "e3"}}

	recs, err := s.ProcessedMany(ctx, keys)
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range recs {
		if r.State != Absent {
			t.Errorf("key %d before marking: state %v, want absent", i, r.State)
		}
	}
	// e1 is marked first from one record; then a batch marks e1 from
	// another record (a duplicate), and e2, e3 fresh.
	if got, err := s.MarkProcessed(ctx, []Item{{Key: keys[0], Source: "t/0/1"}}); err != nil || !got[0].Won {
		t.Fatalf("first mark: %+v %v", got, err)
	}
	got, err := s.MarkProcessed(ctx, []Item{
		{Key: keys[0], Source: "t/0/9"},
		{Key: keys[1], Source: "t/0/2"},
		{Key: keys[2], Source: "t/1/3", Result: []byte("r")},
	})
	if err != nil {
		t.Fatal(err)
	}
	if got[0].Won || got[0].Source != "t/0/1" {
		t.Errorf("duplicate mark: won=%v source=%q, want lost to t/0/1", got[0].Won, got[0].Source)
	}
	if !got[1].Won || !got[2].Won {
		t.Errorf("fresh marks did not win: %+v", got[1:])
	}
	recs, err = s.ProcessedMany(ctx, keys)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"t/0/1", "t/0/2", "t/1/3"}
	for i, r := range recs {
		if r.State != Completed || r.Source != want[i] {
			t.Errorf("key %d: state %v source %q, want completed from %s", i, r.State, r.Source, want[i])
		}
	}
	if string(recs[2].Result) != "r" {
		t.Errorf("result %q, want r", recs[2].Result)
	}
	// A client of several nodes (cluster, ring) looks up with pipelined
	// GETs instead of one MGET, with the same answer.
	ring := redis.NewRing(&redis.RingOptions{Addrs: map[string]string{"one": b.client.Options().Addr}, DisableIdentity: true})
	defer ring.Close()
	viaRing, err := New(ring).ProcessedMany(ctx, append(keys, Key{Service: "ocr", ID: "never"}))
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range viaRing[:len(keys)] {
		if r.State != Completed || r.Source != want[i] {
			t.Errorf("key %d through a ring: state %v source %q, want completed from %s", i, r.State, r.Source, want[i])
		}
	}
	if r := viaRing[len(keys)]; r.State != Absent {
		t.Errorf("unmarked key through a ring: state %v, want absent", r.State)
	}
	ttl, err := b.client.PTTL(ctx, "docket:idem:done:ocr:e1").Result()
	if err != nil || ttl <= 0 || ttl > DefaultTTL {
		t.Errorf("mark TTL = %v (%v), want within the store TTL", ttl, err)
	}

	// Of concurrent marks of one event from different records, one wins.
	var wg sync.WaitGroup
	wins := make(chan string, 20)
	for i := range 20 {
		wg.Go(func() {
			src := fmt.Sprintf("t/2/%d", i)
			got, err := s.MarkProcessed(ctx, []Item{{Key: Key{Service: "ocr", ID: "race"}, Source: src}})
			if err != nil {
				t.Error(err)
				return
			}
			if got[0].Won {
				wins <- src
			}
		})
	}
	wg.Wait()
	close(wins)
	if n := len(wins); n != 1 {
		t.Errorf("%d concurrent marks won, want exactly 1", n)
	}

	if _, err := s.ProcessedMany(ctx, []Key{{Service: "a:b", ID: "x"}}); fault.ClassOf(err) != fault.Structural {
		t.Errorf("invalid key: %v, want a structural error", err)
	}
}
