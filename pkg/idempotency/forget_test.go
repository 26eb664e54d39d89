package idempotency

import (
	"context"
	"testing"
)

// TestForget: Forget drops a completed result, so the next claim is
// acquired afresh, and leaves a held claim alone.
func TestForget(t *testing.T) {
	s := New(realRedis(t).client)
	ctx := context.Background()
	done, held := Key{Service: "ocr", ID: "doc/a"}, Key{Service: "ocr", ID: "doc/b"}
	c, err := s.Claim(ctx, done, "o1")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Complete(ctx, done, c.Token, []byte("text-ref")); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Claim(ctx, held, "o1"); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		key  Key
		want bool
	}{{done, true}, {held, false}, {done, false}} {
		if got, err := s.Forget(ctx, tc.key); err != nil || got != tc.want {
			t.Fatalf("Forget(%s) = %v, %v; want %v", tc.key, got, err, tc.want)
		}
	}
	if c, err := s.Claim(ctx, done, "o2"); err != nil || c.State != Acquired {
		t.Fatalf("claim after Forget = %+v, %v; want acquired", c, err)
	}
	if c, err := s.Claim(ctx, held, "o2"); err != nil || c.State != Held {
		t.Fatalf("claim of the held key after Forget = %+v, %v; want held", c, err)
	}
}
