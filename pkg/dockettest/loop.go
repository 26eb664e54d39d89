package dockettest

import (
	"context"
	"testing"
	"time"
)

// IdleLoopTurns waits until ready answers nil (a consumer joined its group),
// then watches last, the time its poll loop last turned, until it has
// turned three more times, failing the test when that takes 10s: a poll
// loop with nothing to consume must still turn.
func IdleLoopTurns(t testing.TB, ready func(context.Context) error, last func() int64) {
	t.Helper()
	ctx := context.Background()
	for end := time.Now().Add(30 * time.Second); ready(ctx) != nil; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatal("the consumer never joined its group")
		}
	}
	turns := map[int64]bool{}
	for end := time.Now().Add(10 * time.Second); len(turns) < 4 && time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		turns[last()] = true
	}
	if len(turns) < 4 {
		t.Fatalf("the idle poll loop turned %d times in 10s, want it to turn every poll wait", len(turns)-1)
	}
}
