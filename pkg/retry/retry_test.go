package retry

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/docket-run/docket/pkg/fault"
)

func TestBackoffStaysUnderCeiling(t *testing.T) {
	p := Policy{Attempts: 10, Initial: 10 * time.Millisecond, Max: 80 * time.Millisecond, Multiplier: 2}
	tests := []struct {
		next int
		want time.Duration
	}{
		{2, 10 * time.Millisecond},
		{3, 20 * time.Millisecond},
		{4, 40 * time.Millisecond},
		{5, 80 * time.Millisecond},
		{9, 80 * time.Millisecond},
	}
	for _, tt := range tests {
		if got := p.ceiling(tt.next); got != tt.want {
			t.Errorf("ceiling(%d) = %v, want %v", tt.next, got, tt.want)
		}
		for range 100 {
			if got := p.Backoff(tt.next); got < 0 || got > tt.want {
				t.Fatalf("Backoff(%d) = %v, outside [0, %v]", tt.next, got, tt.want)
			}
		}
	}
}

func TestDo(t *testing.T) {
	transient := fault.Transientf("dependency down")
	structural := fault.Structuralf("bad input")
	p := Policy{Attempts: 4, Initial: time.Millisecond, Max: 2 * time.Millisecond}
	tests := []struct {
		name      string
		failures  []error
		wantTries int
		wantErr   error
		wantRetry int
	}{
		{"first try succeeds", nil, 1, nil, 0},
		{"transient twice then success", []error{transient, transient}, 3, nil, 2},
		{"structural is not retried", []error{structural}, 1, structural, 0},
		{"attempts are bounded", []error{transient, transient, transient, transient, transient}, 4, transient, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			retries := 0
			tries, err := Do(context.Background(), p, func(_ context.Context, attempt int) error {
				if attempt <= len(tt.failures) {
					return tt.failures[attempt-1]
				}
				return nil
			}, func(int, error) { retries++ })
			if tries != tt.wantTries || !errors.Is(err, tt.wantErr) || retries != tt.wantRetry {
				t.Errorf("got tries=%d err=%v retries=%d, want %d %v %d", tries, err, retries, tt.wantTries, tt.wantErr, tt.wantRetry)
			}
		})
	}
}

func TestDoStopsWhenContextEnds(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	p := Policy{Attempts: 100, Initial: time.Hour, Max: time.Hour}
	tries, err := Do(ctx, p, func(context.Context, int) error {
		cancel()
		return fault.Transientf("down")
	}, nil)
	if tries != 1 || err == nil {
		t.Fatalf("got tries=%d err=%v, want 1 and an error", tries, err)
	}
}
